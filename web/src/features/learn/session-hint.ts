/**
 * When the learner pages load Firebase Auth. A visitor who only reads never needs it, so it
 * loads only when:
 * - the learner presses Mark as complete or opens Save your progress, or
 * - a previous session is likely: the flag below is set (this script sets it whenever Firebase
 *   reports a signed-in user, anonymous or not, and removes it when it reports none), or Firebase
 *   has a stored user, as after signing in in the app: its localStorage key (Remember me), its
 *   sessionStorage key (a sign-in for this tab only) or its IndexedDB store.
 */
export const SESSION_FLAG = 'coursecraft:learner-session';

const FIREBASE_DB = 'firebaseLocalStorageDb';
const FIREBASE_STORE = 'firebaseLocalStorage';
const USER_KEY_PREFIX = 'firebase:authUser:';

function storedHint(storage: Storage | undefined): boolean {
  try {
    if (storage?.getItem(SESSION_FLAG) === '1') return true;
    for (let index = 0; index < (storage?.length ?? 0); index += 1) {
      if (storage?.key(index)?.startsWith(USER_KEY_PREFIX)) return true;
    }
  } catch {
    // Storage refused (privacy settings): no hint.
  }
  return false;
}

/** Records whether Firebase holds a signed-in user, for the next page. */
export function writeSessionFlag(signedIn: boolean, storage: Storage | undefined): void {
  try {
    if (signedIn) storage?.setItem(SESSION_FLAG, '1');
    else storage?.removeItem(SESSION_FLAG);
  } catch {
    // Storage refused: the next page probes IndexedDB instead.
  }
}

/** Whether Firebase's IndexedDB store holds a user, without creating the database. */
function storedFirebaseUser(idb: IDBFactory | undefined): Promise<boolean> {
  if (!idb) return Promise.resolve(false);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(FIREBASE_DB);
    } catch {
      resolve(false);
      return;
    }
    // No such database: abort its creation, so Firebase later creates it as it wants it.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(false);
    request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      const done = (found: boolean) => {
        db.close();
        resolve(found);
      };
      if (!db.objectStoreNames.contains(FIREBASE_STORE)) {
        done(false);
        return;
      }
      const keys = db
        .transaction(FIREBASE_STORE, 'readonly')
        .objectStore(FIREBASE_STORE)
        .getAllKeys();
      keys.onsuccess = () =>
        done(keys.result.some((key) => String(key).startsWith(USER_KEY_PREFIX)));
      keys.onerror = () => done(false);
    };
  });
}

/** Whether the page should load Firebase Auth at once to restore a previous session. */
export async function sessionLikely({
  local,
  session,
  idb,
}: {
  local: Storage | undefined;
  session: Storage | undefined;
  idb: IDBFactory | undefined;
}): Promise<boolean> {
  return storedHint(local) || storedHint(session) || (await storedFirebaseUser(idb));
}
