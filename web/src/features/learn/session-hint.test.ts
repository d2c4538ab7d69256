import { describe, expect, it } from 'vitest';
import { SESSION_FLAG, sessionLikely, writeSessionFlag } from './session-hint';

const stores = { local: localStorage, session: sessionStorage, idb: undefined };

describe('sessionLikely', () => {
  it('is false for a visitor with nothing stored', async () => {
    expect(await sessionLikely(stores)).toBe(false);
  });

  it('is true once the script has recorded a signed-in user, false after sign-out', async () => {
    writeSessionFlag(true, localStorage);
    expect(localStorage.getItem(SESSION_FLAG)).toBe('1');
    expect(await sessionLikely(stores)).toBe(true);
    writeSessionFlag(false, localStorage);
    expect(await sessionLikely(stores)).toBe(false);
  });

  it('is true when Firebase keeps its user in localStorage', async () => {
    localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
    expect(await sessionLikely(stores)).toBe(true);
  });
});

describe('sessionLikely for a sign-in of this tab only', () => {
  it('is true when Firebase keeps its user in sessionStorage', async () => {
    sessionStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
    try {
      expect(await sessionLikely(stores)).toBe(true);
    } finally {
      sessionStorage.clear();
    }
  });
});
