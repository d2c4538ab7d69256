import { useState } from 'react';

/** Which items (by id) have work running, for per-card busy labels and disabled buttons. */
export function useBusyIds() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  return {
    isBusy: (id: string) => ids.has(id),
    /** Marks `id` busy while `work` runs. */
    async run<T>(id: string, work: () => Promise<T>): Promise<T> {
      setIds((current) => new Set(current).add(id));
      try {
        return await work();
      } finally {
        setIds((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
  };
}
