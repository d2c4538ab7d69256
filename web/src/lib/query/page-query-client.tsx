import { createContext, lazy, useContext, type ReactNode } from 'react';

const LazyPageQueryClient = lazy(() => import('./query-client'));

/** Whether the app supplies the pages' query client (tests supply their own). */
const AppQueryClientContext = createContext(false);

export function AppQueryClient({ children }: { children: ReactNode }) {
  return <AppQueryClientContext.Provider value>{children}</AppQueryClientContext.Provider>;
}

/** Gives the pages under it the app's query client; suspends while its chunk loads. */
export function WithPageQueryClient({ children }: { children: ReactNode }) {
  if (!useContext(AppQueryClientContext)) return children;
  return <LazyPageQueryClient>{children}</LazyPageQueryClient>;
}
