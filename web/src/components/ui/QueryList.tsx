import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingSpinner, QueryState } from './QueryState';

/** A list query's load states: Retry on failure, a small spinner, an empty text, then the items. */
export function QueryList<Item>({
  query,
  loadingLabel,
  failureMessage,
  emptyText,
  loading,
  children,
}: {
  query: Pick<UseQueryResult<Item[]>, 'isError' | 'data' | 'refetch'>;
  loadingLabel: string;
  failureMessage: string;
  emptyText: string;
  /** Shown instead of the spinner while the list loads. */
  loading?: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      failureMessage={failureMessage}
      loadingLabel={loadingLabel}
      loading={loading ?? <LoadingSpinner label={loadingLabel} size={28} />}
      empty={<Typography color="text.secondary">{emptyText}</Typography>}
    >
      {(items) => <List disablePadding>{children(items)}</List>}
    </QueryState>
  );
}
