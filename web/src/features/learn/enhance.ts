import { AFTER_LOGOUT, showAccountNav } from './account-nav';
import type { EnhanceChecks } from './checks/topic-checks';
import { watchChecks } from './checks/watch-checks';
import { LEARN_TEXT } from './learn-messages';
import {
  readLearnerPage,
  showAlert,
  showProgress,
  showQuizResults,
  type LearnerPage,
} from './learner-page';
import type { Learner, LearnerSession, SavedAccount } from './learner-session';
import { injectLearnerStyles } from './learner-styles';
import {
  fetchProgress,
  fetchProgressState,
  saveFailureMessage,
  saveProgress,
  type QuizStandingView,
} from './progress-api';
import type { EnhanceQuiz } from './quiz/chapter-quiz';
import type { SaveDialogOptions } from './save-progress-dialog';

/** What the enhancer loads or asks for; the entry passes the real ones, tests fakes. */
export interface LearnerDeps {
  /** Whether a previous session is likely, so Firebase Auth loads at once. */
  sessionLikely: () => Promise<boolean>;
  /** Firebase Auth (a lazy chunk). */
  loadSession: () => Promise<LearnerSession>;
  /** Save your progress (a lazy chunk). */
  loadSaveDialog: () => Promise<(doc: Document, options: SaveDialogOptions) => unknown>;
  /** Leaves the page (after Logout). */
  navigate: (url: string) => void;
  /** The topic checks' script (a lazy chunk, loaded on the learner's first move in them). */
  loadChecks: () => Promise<EnhanceChecks>;
  /** The chapter quiz's script (a lazy chunk, loaded on Start quiz). */
  loadQuiz?: () => Promise<EnhanceQuiz>;
}

/**
 * Adds to a server-rendered learner page what needs the learner: progress, the outline's marks,
 * Mark as complete / Completed, Save your progress and the navbar's account entries.
 * Resolves once the page shows the learner's state.
 */
export async function enhanceLearnerPage(doc: Document, deps: LearnerDeps): Promise<void> {
  const page = readLearnerPage(doc);
  if (!page) return;
  injectLearnerStyles(doc);
  await new LearnerPageController(page, deps).start();
}

/** How long a link followed during a save waits for it. */
const SAVE_WAIT_MS = 8000;

class LearnerPageController {
  /** The completed topic ids shown; null while not known. */
  private completed: ReadonlySet<string> | null = null;
  /** Whose stored progress `completed` is; null for a visitor not signed in. */
  private owner: string | null = null;
  private learner: Learner | null = null;
  private session: Promise<LearnerSession> | null = null;
  private saves: Promise<void> = Promise.resolve();
  private pendingSaves = 0;
  private dialogOpen = false;
  private savePromptButton: HTMLButtonElement | null = null;
  /** The learner's chapter quiz standings; null while not known. */
  private quizzes: readonly QuizStandingView[] | null = null;
  private courseCompleted = false;

  constructor(
    private readonly page: LearnerPage,
    private readonly deps: LearnerDeps,
  ) {}

  async start(): Promise<void> {
    this.page.complete?.addEventListener('click', () => this.toggle());
    this.watchChecks();
    this.watchQuiz();
    this.page.doc.addEventListener('click', (event) => this.holdLinkWhileSaving(event));
    if (await this.deps.sessionLikely().catch(() => false)) {
      await this.restoreSession();
    } else {
      this.completed = new Set();
      this.quizzes = [];
    }
    this.render();
  }

  /**
   * A link followed while a completion is being saved (Next, right after Mark as complete) waits
   * for the save, at most SAVE_WAIT_MS: leaving the page would cancel a first learner's sign-in
   * or the read before the save. Clicks that open another tab are left alone.
   */
  private holdLinkWhileSaving(event: MouseEvent): void {
    if (this.pendingSaves === 0 || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    event.preventDefault();
    const timeout = new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_MS));
    void Promise.race([this.saves, timeout]).then(() => this.deps.navigate(link.href));
  }

  private loadSession(): Promise<LearnerSession> {
    this.session ??= this.deps.loadSession().then((session) => {
      session.onChange((learner) => {
        const changed =
          learner?.uid !== this.learner?.uid || learner?.isAnonymous !== this.learner?.isAnonymous;
        this.learner = learner;
        if (changed) void this.renderAccount();
      });
      return session;
    });
    this.session.catch(() => {
      this.session = null;
    });
    return this.session;
  }

  /** The lesson's topic checks, whose script loads when the learner first answers. */
  private watchChecks(): void {
    const { doc, slug, topicId } = this.page;
    const section = doc.getElementById('checks');
    if (!section || !topicId) return;
    watchChecks(section, async () => {
      const enhance = await this.deps.loadChecks();
      const deps = { slug, topicId, learnerToken: () => this.checkerToken() };
      return (pending) => enhance(section, deps, pending);
    });
  }

  /**
   * The quiz page's Start quiz: loads the quiz's script and starts an attempt. A failed load
   * says so and leaves Start quiz to try again.
   */
  private watchQuiz(): void {
    const { doc, slug } = this.page;
    const section = doc.getElementById('quiz');
    const startButton = doc.getElementById('quiz-start');
    const chapterId = section?.dataset.chapterId;
    const load = this.deps.loadQuiz;
    if (!section || !(startButton instanceof HTMLButtonElement) || !chapterId || !load) return;
    let start: Promise<() => Promise<void>> | null = null;
    startButton.addEventListener('click', () => {
      start ??= load().then((enhance) =>
        enhance(section, { slug, chapterId, learnerToken: () => this.checkerToken() }),
      );
      start.then(
        (begin) => begin(),
        (failure: unknown) => {
          console.error('Loading the quiz script failed', failure);
          start = null;
          showAlert(this.page, 'quiz-error', {
            kind: 'error',
            text: LEARN_TEXT.quizLoadFailed,
            dismissible: true,
          });
        },
      );
    });
  }

  /** The token answers are sent with: a visitor is signed in anonymously first. */
  private async checkerToken(): Promise<string> {
    const session = await this.loadSession();
    const learner = await session.ensureLearner();
    const wasAnonymous = this.learner?.isAnonymous;
    this.learner = learner;
    if (wasAnonymous !== learner.isAnonymous) void this.renderAccount();
    return session.token(learner.uid);
  }

  /** A returning learner: their progress, read with their token. */
  private async restoreSession(): Promise<void> {
    try {
      const session = await this.loadSession();
      this.learner = await session.current();
      void this.renderAccount();
      if (!this.learner) {
        this.completed = new Set();
        this.quizzes = [];
        return;
      }
      const { uid } = this.learner;
      const state = await fetchProgressState(this.page.slug, await session.token(uid));
      this.completed = new Set(state.completedTopicIds);
      this.quizzes = state.quizzes;
      this.courseCompleted = state.courseCompleted;
      this.owner = uid;
    } catch (failure) {
      console.error('Loading progress failed', failure);
      this.completed = null;
      showAlert(this.page, 'progress-error', {
        kind: 'error',
        text: LEARN_TEXT.progressLoadFailed,
      });
    }
  }

  private render(): void {
    showProgress(this.page, this.completed);
    showQuizResults(this.page, this.quizzes, this.courseCompleted);
    this.renderSavePrompt();
  }

  private async renderAccount(): Promise<void> {
    const nav = this.page.accountNav;
    if (!nav) return;
    const learner = this.learner;
    if (!learner || learner.isAnonymous) {
      showAccountNav(nav, null, () => {});
    } else {
      const session = await this.loadSession();
      const isAdmin = await session.isAdmin().catch(() => false);
      if (this.learner?.uid !== learner.uid) return;
      showAccountNav(nav, { isAdmin }, () => void this.logout());
    }
    this.renderSavePrompt();
  }

  private async logout(): Promise<void> {
    try {
      await (await this.loadSession()).signOut();
    } catch (failure) {
      console.error('Sign-out failed', failure);
    } finally {
      this.deps.navigate(AFTER_LOGOUT);
    }
  }

  /** For an anonymous learner with progress: the offer to keep it in an account. */
  private renderSavePrompt(): void {
    const offer =
      this.learner?.isAnonymous === true && (this.completed?.size ?? 0) > 0 && !this.dialogOpen;
    if (!offer) {
      showAlert(this.page, 'save-prompt', null);
      this.savePromptButton = null;
      return;
    }
    if (this.savePromptButton?.isConnected) return;
    this.savePromptButton = showAlert(this.page, 'save-prompt', {
      kind: 'info',
      text: LEARN_TEXT.savePrompt,
      action: { label: LEARN_TEXT.saveProgress, onClick: () => void this.openSaveDialog() },
    });
  }

  private async openSaveDialog(): Promise<void> {
    if (this.dialogOpen) return;
    this.dialogOpen = true;
    const returnTo = this.savePromptButton;
    try {
      const [open] = await Promise.all([this.deps.loadSaveDialog(), this.loadSession()]);
      open(this.page.doc, {
        slug: this.page.slug,
        completed: [...(this.completed ?? [])],
        onSaved: (account) => this.saved(account),
        onClosed: () => {
          this.dialogOpen = false;
          this.renderSavePrompt();
          const focusTo = this.savePromptButton ?? returnTo;
          if (focusTo?.isConnected) focusTo.focus();
          else
            this.page.messages?.querySelector<HTMLElement>('[data-alert="saved"] button')?.focus();
        },
      });
    } catch (failure) {
      this.dialogOpen = false;
      console.error('Opening Save your progress failed', failure);
      showAlert(this.page, 'save-error', {
        kind: 'error',
        text: LEARN_TEXT.signUpFailed,
        dismissible: true,
      });
    }
  }

  private saved({ uid, completedTopicIds }: SavedAccount): void {
    this.learner = { uid, isAnonymous: false };
    this.owner = uid;
    this.completed = new Set(completedTopicIds);
    showAlert(this.page, 'save-prompt', null);
    this.savePromptButton = null;
    showAlert(this.page, 'saved', { kind: 'success', text: LEARN_TEXT.saved, dismissible: true });
    this.render();
    void this.renderAccount();
  }

  /**
   * Mark as complete, or not complete again: shown at once, then the whole completed set is
   * saved (after the stored one is read for a new learner, so a save never drops topics
   * completed elsewhere). A failure puts the previous state back and says why. Saves run one
   * after the other, so the last one sent is the one stored.
   */
  private toggle(): void {
    const topicId = this.page.topicId;
    const previous = this.completed;
    if (!topicId || !previous) return;
    const complete = !previous.has(topicId);
    const next = new Set(previous);
    if (complete) next.add(topicId);
    else next.delete(topicId);
    this.completed = next;
    showAlert(this.page, 'save-error', null);
    this.render();
    this.pendingSaves += 1;
    this.saves = this.saves.then(() => this.save(topicId, complete, previous));
  }

  private async save(
    topicId: string,
    complete: boolean,
    previous: ReadonlySet<string>,
  ): Promise<void> {
    try {
      const session = await this.loadSession();
      const learner = await session.ensureLearner();
      const wasAnonymous = this.learner?.isAnonymous;
      this.learner = learner;
      const token = await session.token(learner.uid);
      if (this.owner !== learner.uid) {
        const stored = new Set(await fetchProgress(this.page.slug, token));
        if (complete) stored.add(topicId);
        else stored.delete(topicId);
        this.completed = stored;
        this.owner = learner.uid;
      }
      const saved = await saveProgress(this.page.slug, token, [...(this.completed ?? [])]);
      // A later save waiting its turn is already on screen: its own answer will settle it.
      if (this.pendingSaves === 1) this.completed = new Set(saved);
      if (wasAnonymous !== learner.isAnonymous) void this.renderAccount();
    } catch (failure) {
      console.error('Saving progress failed', failure);
      this.completed = previous;
      showAlert(this.page, 'save-error', {
        kind: 'error',
        text: saveFailureMessage(failure),
        dismissible: true,
      });
    } finally {
      this.pendingSaves -= 1;
      this.render();
    }
  }
}
