import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryAlert } from './RetryAlert';

/** A centred spinner named for what is loading. */
export function LoadingSpinner({ label, size }: { label: string; size?: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: size ? 2 : 6 }}>
      <CircularProgress size={size} aria-label={label} />
    </Box>
  );
}

/**
 * The load states of one query, in one place: a failure shows `failureMessage` with Retry, a
 * pending query `loading` (a spinner named `loadingLabel` by default), data that `isEmpty` calls
 * empty (by default: an empty list) shows `empty`, and anything else is handed to `children`.
 */
export function QueryState<Data>({
  query,
  failureMessage,
  loadingLabel,
  loading,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<Data>, 'isError' | 'data' | 'refetch'>;
  failureMessage: string;
  loadingLabel: string;
  loading?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError) {
    return <RetryAlert message={failureMessage} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) return loading ?? <LoadingSpinner label={loadingLabel} />;
  const emptyData = isEmpty
    ? isEmpty(query.data)
    : Array.isArray(query.data) && query.data.length === 0;
  if (emptyData && empty !== undefined) return empty;
  return children(query.data);
}
