import { enhanceLearnerPage } from './features/learn/enhance';
import { sessionLikely } from './features/learn/session-hint';

/** A Web Storage area, or undefined where the browser refuses access (privacy settings). */
function storage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

/**
 * The learner pages' script (`/learn-assets/learner.js`): plain DOM on the server-rendered
 * pages. Firebase Auth and Save your progress are chunks loaded only when needed.
 */
void enhanceLearnerPage(document, {
  sessionLikely: () =>
    sessionLikely({
      local: storage('localStorage'),
      session: storage('sessionStorage'),
      idb: globalThis.indexedDB,
    }),
  loadSession: () => import('./features/learn/firebase-session').then((m) => m.firebaseSession),
  loadSaveDialog: () => import('./features/learn/save-progress').then((m) => m.openSaveProgress),
  navigate: (url) => window.location.assign(url),
  loadChecks: () => import('./features/learn/checks/topic-checks').then((m) => m.enhanceChecks),
  loadQuiz: () => import('./features/learn/quiz/chapter-quiz').then((m) => m.enhanceQuiz),
});
