import { useMutationState, type MutationKey } from '@tanstack/react-query';

/**
 * The variables of every running mutation under `mutationKey`: per-item busy state (which
 * course, subject or chapter is being worked on) read from TanStack Query's mutation cache, so it
 * survives the component that started the work.
 */
export function usePendingVariables<Variables>(mutationKey: MutationKey): Variables[] {
  return useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as Variables,
  });
}
