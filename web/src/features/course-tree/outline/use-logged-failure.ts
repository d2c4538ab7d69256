import { useEffect } from 'react';

/** Load failures on the outline page are only logged; a failed content load shows no lesson. */
export function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [error, what]);
}
