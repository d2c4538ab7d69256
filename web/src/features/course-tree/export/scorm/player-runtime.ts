import type {
  answersShown,
  ChapterQuizSettings,
  GradingModule,
  LearnerResponse,
  QuestionBody,
  quizPassed,
  quizScore,
} from '@coursecraft/contracts';
import type { PlayerText } from './player-text';
import type { courseResult, decodeStandings, encodeStandings } from './quiz-standing';
import type { decodeVisited, encodeVisited } from './suspend-data';

/**
 * A question as the package carries it: its key included (graded in the player), its markdown
 * (text, explanation, options, their feedback, steps) rendered to HTML; accepted answers stay text.
 */
export type PlayerQuestion = QuestionBody & { id: string };

/** The course as the player reads it from `player/course.js`. */
export interface PlayerCourse {
  title: string;
  description: string;
  /** Paths inside the package, or null. */
  image: string | null;
  /** The course's pass mark, against which the chapter quizzes' mean score passes or fails. */
  passMark: number;
  subjects: {
    name: string;
    image: string | null;
    chapters: {
      name: string;
      /**
       * `lesson`: the script holding the rendered lesson, or null for a topic without one;
       * `questions`: its topic check (quiz-only questions left out).
       */
      topics: { name: string; lesson: string | null; questions: PlayerQuestion[] }[];
      /** The chapter quiz: its settings and pool (every question of its topics); null for none. */
      quiz: { settings: ChapterQuizSettings; questions: PlayerQuestion[] } | null;
    }[];
  }[];
}

/** What the player is handed besides the window and the course: each shipped as source text. */
export interface PlayerDeps {
  encode: typeof encodeVisited;
  decode: typeof decodeVisited;
  encodeStandings: typeof encodeStandings;
  decodeStandings: typeof decodeStandings;
  courseResult: typeof courseResult;
  grading: GradingModule;
  quizScore: typeof quizScore;
  quizPassed: typeof quizPassed;
  answersShown: typeof answersShown;
  text: PlayerText;
}

/** The SCORM 1.2 run-time API an LMS puts on a window above the SCO. */
interface ScormApi {
  LMSInitialize(parameter: ''): string;
  LMSFinish(parameter: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(parameter: ''): string;
}

type PlayerWindow = Window & {
  API?: ScormApi;
  scormLesson?: (index: number, html: string) => void;
};

/**
 * The package's player: the outline, one page at a time (a topic's lesson and its topic check, or
 * a chapter quiz) with Previous/Next, and progress, scores and answers reported to the LMS when
 * one is found. Self-contained (no outside names): the package ships this function's source text,
 * called with the window, the course and its helpers.
 */
export function runScormPlayer(win: Window, course: PlayerCourse, deps: PlayerDeps): void {
  const doc = win.document;
  const { text, grading } = deps;
  const byId = (id: string): HTMLElement => {
    const found = doc.getElementById(id);
    if (!found) throw new Error(`The player page has no #${id}`);
    return found;
  };
  const create = <K extends keyof HTMLElementTagNameMap>(tag: K, content?: string) => {
    const created = doc.createElement(tag);
    if (content !== undefined) created.textContent = content;
    return created;
  };
  const createHtml = <K extends keyof HTMLElementTagNameMap>(tag: K, html: string) => {
    const created = doc.createElement(tag);
    created.innerHTML = html;
    return created;
  };

  /** SCORM 1.2 discovery: the nearest window up the parent chain, then the opener's, with `API`. */
  const findApi = (): ScormApi | null => {
    const search = (start: Window): ScormApi | null => {
      let current = start;
      for (let depth = 0; depth < 8; depth++) {
        try {
          const api = (current as PlayerWindow).API;
          if (api) return api;
        } catch {
          // A window of another origin: look further up.
        }
        if (current.parent === current) return null;
        current = current.parent;
      }
      return null;
    };
    return search(win) ?? (win.opener ? search(win.opener as Window) : null);
  };

  type Chapter = PlayerCourse['subjects'][number]['chapters'][number];
  type Topic = Chapter['topics'][number];
  type Quiz = NonNullable<Chapter['quiz']>;
  type Page = { subject: string; chapter: string; name: string } & (
    { kind: 'topic'; topic: Topic } | { kind: 'quiz'; quiz: Quiz; quizIndex: number }
  );
  const pages: Page[] = [];
  const quizzes: Quiz[] = [];
  for (const subject of course.subjects) {
    for (const chapter of subject.chapters) {
      const place = { subject: subject.name, chapter: chapter.name };
      for (const topic of chapter.topics)
        pages.push({ ...place, name: topic.name, kind: 'topic', topic });
      if (chapter.quiz) {
        pages.push({
          ...place,
          name: text.chapterQuiz,
          kind: 'quiz',
          quiz: chapter.quiz,
          quizIndex: quizzes.length,
        });
        quizzes.push(chapter.quiz);
      }
    }
  }
  const outlineButtons: HTMLButtonElement[] = [];
  const lessons = new Map<number, string>();
  const requested = new Set<number>();
  let current = 0;

  doc.title = course.title;
  byId('course-title').textContent = course.title;
  byId('course-description').textContent = course.description;
  if (course.image) {
    const image = byId('course-image') as HTMLImageElement;
    image.src = course.image;
    image.hidden = false;
  }

  const outline = byId('outline');
  const outlineButton = (name: string) => {
    const index = outlineButtons.length;
    const button = create('button', name);
    button.type = 'button';
    button.addEventListener('click', () => {
      show(index);
      if (win.matchMedia('(max-width: 799px)').matches) {
        (byId('outline-panel') as HTMLDetailsElement).open = false;
      }
    });
    outlineButtons.push(button);
    const item = create('li');
    item.append(button);
    return item;
  };
  for (const subject of course.subjects) {
    const subjectItem = create('li');
    if (subject.image) {
      const image = create('img');
      image.src = subject.image;
      image.alt = '';
      image.className = 'subject-image';
      subjectItem.append(image);
    }
    subjectItem.append(create('span', subject.name));
    const chapterList = create('ol');
    for (const chapter of subject.chapters) {
      const chapterItem = create('li');
      chapterItem.append(create('span', chapter.name));
      const topicList = create('ol');
      for (const topic of chapter.topics) topicList.append(outlineButton(topic.name));
      if (chapter.quiz) topicList.append(outlineButton(text.chapterQuiz));
      chapterItem.append(topicList);
      chapterList.append(chapterItem);
    }
    subjectItem.append(chapterList);
    outline.append(subjectItem);
  }
  if (win.matchMedia('(max-width: 799px)').matches) {
    (byId('outline-panel') as HTMLDetailsElement).open = false;
  }

  const api = findApi();
  const get = (element: string) => (api ? String(api.LMSGetValue(element) ?? '') : '');
  const set = (element: string, value: string) => api?.LMSSetValue(element, value);
  if (api) api.LMSInitialize('');

  const startedAt = Date.now();
  const [visitedData = '', standingsData = ''] = get('cmi.suspend_data').split('~');
  let visited = deps.decode(visitedData, pages.length);
  const standings = deps.decodeStandings(standingsData, quizzes.length);
  const scored = quizzes.length > 0;
  const savedStatus = get('cmi.core.lesson_status');
  let completed = scored ? savedStatus === 'passed' : ['completed', 'passed'].includes(savedStatus);
  if (api && !completed && !scored) set('cmi.core.lesson_status', 'incomplete');
  const resumeAt = Number.parseInt(get('cmi.core.lesson_location'), 10);
  if (Number.isInteger(resumeAt) && resumeAt >= 0 && resumeAt < pages.length) current = resumeAt;

  const saveProgress = () => {
    const data = deps.encode(visited) + (scored ? `~${deps.encodeStandings(standings)}` : '');
    set('cmi.suspend_data', data);
  };

  /** Score and status from the standings: once passed, a course stays passed. */
  const reportScore = () => {
    if (!api || !scored) return;
    const result = deps.courseResult(standings, course.passMark);
    set('cmi.core.score.min', '0');
    set('cmi.core.score.max', '100');
    set('cmi.core.score.raw', String(result.score));
    if (!completed) set('cmi.core.lesson_status', result.status);
    completed = completed || result.status === 'passed';
  };
  if (api && scored) reportScore();

  const interactionsAccepted = get('cmi.interactions._children').includes('student_response');
  let interactionCount = Number.parseInt(get('cmi.interactions._count'), 10) || 0;
  const letter = (index: number) => 'abcdefghijklmnopqrstuvwxyz'.charAt(index);
  const lettersOf = (ids: readonly string[], parts: readonly { id: string }[]) =>
    ids.map((id) => letter(parts.findIndex((part) => part.id === id))).join(',');
  /** One answer as a SCORM 1.2 interaction, in the vocabulary its type has there. */
  const recordInteraction = (
    id: string,
    question: PlayerQuestion,
    response: LearnerResponse | null,
    correct: boolean,
  ) => {
    if (!api || !interactionsAccepted) return;
    const key = grading.revealedAnswer(question);
    /** The SCORM 1.2 type, the learner's response and the right one, in that type's format. */
    const asInteraction = (): [string, string, string] => {
      if (question.type === 'single_choice' || question.type === 'multiple_choice') {
        return [
          'choice',
          response && 'option_ids' in response
            ? lettersOf(response.option_ids, question.options)
            : '',
          'option_ids' in key ? lettersOf(key.option_ids, question.options) : '',
        ];
      }
      if (question.type === 'true_false') {
        return [
          'true-false',
          response && 'value' in response ? (response.value ? 't' : 'f') : '',
          question.answer ? 't' : 'f',
        ];
      }
      if (question.type === 'ordering') {
        return [
          'sequencing',
          response && 'item_ids' in response ? lettersOf(response.item_ids, question.items) : '',
          lettersOf(
            question.items.map((item) => item.id),
            question.items,
          ),
        ];
      }
      return [
        question.tolerance === null ? 'fill-in' : 'numeric',
        response && 'text' in response ? response.text.slice(0, 255) : '',
        (question.accepted_answers[0] ?? '').slice(0, 255),
      ];
    };
    const [type, given, pattern] = asInteraction();
    const at = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    const prefix = `cmi.interactions.${interactionCount}`;
    if (String(set(`${prefix}.id`, id)) === 'false') return;
    interactionCount += 1;
    set(`${prefix}.type`, type);
    set(`${prefix}.time`, `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`);
    set(`${prefix}.correct_responses.0.pattern`, pattern);
    set(`${prefix}.student_response`, given);
    set(`${prefix}.result`, correct ? 'correct' : 'wrong');
  };

  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(Math.random() * (index + 1));
      const swap = copy[index] as T;
      copy[index] = copy[other] as T;
      copy[other] = swap;
    }
    return copy;
  };

  /** A question's form, and how to read the learner's response from it (null: unanswered). */
  const questionForm = (question: PlayerQuestion, name: string, shuffle: boolean) => {
    const fieldset = create('fieldset');
    fieldset.className = 'question';
    const legend = createHtml('legend', question.text);
    fieldset.append(legend);
    let read: () => LearnerResponse | null;
    if (question.type === 'single_choice' || question.type === 'multiple_choice') {
      const inputs: HTMLInputElement[] = [];
      for (const option of shuffle ? shuffled(question.options) : question.options) {
        const label = create('label');
        const input = create('input');
        input.type = question.type === 'single_choice' ? 'radio' : 'checkbox';
        input.name = name;
        input.value = option.id;
        inputs.push(input);
        label.append(input, createHtml('span', option.text));
        fieldset.append(label);
      }
      read = () => {
        const ids = inputs.filter((input) => input.checked).map((input) => input.value);
        return ids.length > 0 ? { option_ids: ids } : null;
      };
    } else if (question.type === 'true_false') {
      const inputs: HTMLInputElement[] = [];
      for (const [value, caption] of [
        ['true', text.trueLabel],
        ['false', text.falseLabel],
      ] as const) {
        const label = create('label');
        const input = create('input');
        input.type = 'radio';
        input.name = name;
        input.value = value;
        inputs.push(input);
        label.append(input, create('span', caption));
        fieldset.append(label);
      }
      read = () => {
        const picked = inputs.find((input) => input.checked);
        return picked ? { value: picked.value === 'true' } : null;
      };
    } else if (question.type === 'short_answer') {
      const label = create('label');
      const input = create('input');
      input.type = 'text';
      input.name = name;
      input.maxLength = 200;
      label.append(create('span', text.yourAnswer), input);
      fieldset.append(label);
      read = () => (input.value.trim() === '' ? null : { text: input.value });
    } else {
      const list = create('ol');
      list.className = 'steps';
      const move = (item: HTMLLIElement, up: boolean) => {
        const sibling = up ? item.previousElementSibling : item.nextElementSibling;
        if (sibling && up) sibling.before(item);
        else if (sibling) sibling.after(item);
      };
      let order = shuffled(question.items);
      if (order.every((item, index) => item.id === question.items[index]?.id))
        order = [...order.slice(1), ...order.slice(0, 1)];
      for (const step of order) {
        const item = create('li');
        item.dataset.id = step.id;
        const up = create('button', '\u2191');
        up.type = 'button';
        up.setAttribute('aria-label', text.moveUp);
        up.addEventListener('click', () => move(item, true));
        const down = create('button', '\u2193');
        down.type = 'button';
        down.setAttribute('aria-label', text.moveDown);
        down.addEventListener('click', () => move(item, false));
        item.append(createHtml('span', step.text), up, down);
        list.append(item);
      }
      fieldset.append(list);
      read = () => ({
        item_ids: [...list.children].map((item) => (item as HTMLElement).dataset.id ?? ''),
      });
    }
    return { fieldset, read };
  };

  /** The right answer and the explanation, as the learner sees them. */
  const answerBlock = (question: PlayerQuestion) => {
    const block = create('div');
    block.className = 'answer';
    block.append(create('strong', `${text.rightAnswer}: `));
    const key = grading.revealedAnswer(question);
    if ('option_ids' in key && 'options' in question) {
      const list = create('ul');
      for (const option of question.options)
        if (option.correct) list.append(createHtml('li', option.text));
      block.append(list);
    } else if ('value' in key) {
      block.append(create('span', key.value ? text.trueLabel : text.falseLabel));
    } else if ('texts' in key) {
      block.append(create('span', key.texts.join(' · ')));
    } else if ('items' in question) {
      const list = create('ol');
      for (const item of question.items) list.append(createHtml('li', item.text));
      block.append(list);
    }
    if (question.explanation) block.append(createHtml('div', question.explanation));
    return block;
  };

  const feedbackOf = (question: PlayerQuestion, response: LearnerResponse | null) => {
    if (!response || !('option_ids' in response) || !('options' in question)) return [];
    return question.options
      .filter((option) => option.feedback && response.option_ids.includes(option.id))
      .map((option) => createHtml('p', option.feedback));
  };

  const renderChecks = (topic: Topic, index: number) => {
    const section = byId('checks');
    section.replaceChildren();
    if (topic.questions.length === 0) return;
    section.append(create('h3', text.checks));
    for (const question of topic.questions) {
      const { fieldset, read } = questionForm(question, `check-${index}-${question.id}`, false);
      const result = create('div');
      result.className = 'result';
      result.setAttribute('aria-live', 'polite');
      const check = create('button', text.check);
      check.type = 'button';
      const reveal = create('button', text.showAnswer);
      reveal.type = 'button';
      check.addEventListener('click', () => {
        const response = read();
        if (!response) return;
        const correct = grading.gradeResponse(question, response);
        result.replaceChildren(
          create('strong', correct ? text.correct : text.notQuite),
          ...feedbackOf(question, response),
        );
        if (correct) result.append(answerBlock(question));
        recordInteraction(`check-${question.id}`, question, response, correct);
        if (api) api.LMSCommit('');
      });
      reveal.addEventListener('click', () => result.replaceChildren(answerBlock(question)));
      fieldset.append(check, reveal, result);
      section.append(fieldset);
    }
  };

  const attemptsLeftOf = (quiz: Quiz, standing: QuizStandingView) =>
    quiz.settings.attempts === null ? null : Math.max(0, quiz.settings.attempts - standing.used);
  type QuizStandingView = { used: number; best: number | null };

  const renderQuiz = (page: Extract<Page, { kind: 'quiz' }>) => {
    const { quiz, quizIndex } = page;
    const lesson = byId('lesson');
    byId('checks').replaceChildren();
    const standing = standings[quizIndex] ?? { used: 0, best: null };
    const left = attemptsLeftOf(quiz, standing);
    const intro = create('div');
    intro.className = 'quiz-standing';
    intro.append(
      create(
        'p',
        standing.best === null
          ? text.notTaken
          : text.courseQuizResult(standing.best, standing.best >= quiz.settings.pass_mark),
      ),
    );
    if (left !== null)
      intro.append(create('p', left === 0 ? text.noAttemptsLeft : text.attemptsLeft(left)));
    const start = create('button', text.startQuiz);
    start.type = 'button';
    start.className = 'primary';
    start.disabled = left === 0;
    start.addEventListener('click', () => startAttempt(page));
    intro.append(start);
    lesson.replaceChildren(intro);
  };

  const startAttempt = (page: Extract<Page, { kind: 'quiz' }>) => {
    const { quiz, quizIndex } = page;
    const { settings } = quiz;
    const standing = standings[quizIndex];
    if (!standing || attemptsLeftOf(quiz, standing) === 0) return;
    standing.used += 1;
    const attempt = standing.used;
    saveProgress();
    if (api) api.LMSCommit('');
    const pool = quiz.questions;
    const count = Math.min(settings.questions_per_attempt ?? pool.length, pool.length);
    const drawn = count < pool.length ? shuffled(pool).slice(0, count) : [...pool];
    const asked = settings.shuffle
      ? shuffled(drawn)
      : pool.filter((question) => drawn.includes(question));
    const form = create('form');
    form.className = 'quiz';
    const readers = asked.map((question, index) => {
      const { fieldset, read } = questionForm(
        question,
        `quiz-${quizIndex}-${question.id}`,
        settings.shuffle,
      );
      fieldset.prepend(create('p', text.questionOf(index + 1, asked.length)));
      form.append(fieldset);
      return read;
    });
    const submit = create('button', text.submitQuiz);
    submit.type = 'submit';
    submit.className = 'primary';
    form.append(submit);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const responses = readers.map((read) => read());
      const unanswered = responses.filter((response) => response === null).length;
      if (unanswered > 0 && !win.confirm(text.unansweredConfirm(unanswered))) return;
      const results = asked.map((question, index) => {
        const response = responses[index] ?? null;
        const correct = response !== null && grading.gradeResponse(question, response);
        recordInteraction(
          `quiz${quizIndex + 1}-${attempt}-${question.id}`,
          question,
          response,
          correct,
        );
        return { question, response, correct };
      });
      const correct = results.filter((result) => result.correct).length;
      const score = deps.quizScore(correct, asked.length);
      const passed = deps.quizPassed(correct, asked.length, settings.pass_mark);
      standing.best = Math.max(standing.best ?? 0, score);
      saveProgress();
      reportScore();
      if (api) api.LMSCommit('');
      const left = attemptsLeftOf(quiz, standing);
      const shown = deps.answersShown(settings.show_answers_after, { passed, attemptsLeft: left });
      const summary = create('div');
      summary.className = 'quiz-result';
      summary.setAttribute('role', 'status');
      summary.append(
        create('p', text.scored(score, correct, asked.length)),
        create('p', passed ? text.passed : text.notPassed(settings.pass_mark)),
      );
      if (left !== null)
        summary.append(create('p', left === 0 ? text.noAttemptsLeft : text.attemptsLeft(left)));
      const again = create('button', text.startQuiz);
      again.type = 'button';
      again.disabled = left === 0;
      again.addEventListener('click', () => startAttempt(page));
      summary.append(again);
      for (const [index, result] of results.entries()) {
        const item = create('div');
        item.className = 'question';
        item.append(
          create('p', text.questionOf(index + 1, asked.length)),
          createHtml('div', result.question.text),
          create(
            'p',
            result.response === null
              ? text.unanswered
              : result.correct
                ? text.correct
                : text.notQuite,
          ),
        );
        if (shown)
          item.append(
            ...feedbackOf(result.question, result.response),
            answerBlock(result.question),
          );
        summary.append(item);
      }
      byId('lesson').replaceChildren(summary);
      win.scrollTo(0, 0);
    });
    byId('lesson').replaceChildren(form);
  };

  const renderPage = () => {
    const page = pages[current];
    const lesson = byId('lesson');
    if (!page) {
      lesson.textContent = 'This course has no topics yet.';
      return;
    }
    if (page.kind === 'quiz') {
      renderQuiz(page);
      return;
    }
    const html = lessons.get(current);
    if (page.topic.lesson === null) lesson.textContent = 'This topic has no lesson yet.';
    else if (html === undefined) lesson.textContent = 'Loading...';
    else lesson.innerHTML = html;
  };

  (win as PlayerWindow).scormLesson = (index, html) => {
    lessons.set(index, html);
    if (index === current) renderPage();
  };

  const loadLesson = (index: number) => {
    const page = pages[index];
    const path = page?.kind === 'topic' ? page.topic.lesson : null;
    if (!path || requested.has(index)) return;
    requested.add(index);
    const script = create('script');
    script.src = path;
    doc.body.append(script);
  };

  function show(index: number) {
    const page = pages[index];
    if (!page) return;
    current = index;
    byId('breadcrumb').textContent = `${page.subject} › ${page.chapter}`;
    byId('topic-title').textContent = page.name;
    byId('position').textContent = `${index + 1} of ${pages.length}`;
    (byId('previous') as HTMLButtonElement).disabled = index === 0;
    (byId('next') as HTMLButtonElement).disabled = index === pages.length - 1;
    outlineButtons.forEach((button, position) => {
      if (position === index) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
      button.classList.toggle('visited', visited[position] === true || position === index);
    });
    loadLesson(index);
    renderPage();
    if (page.kind === 'topic') renderChecks(page.topic, index);
    win.scrollTo(0, 0);

    visited = visited.map((seen, position) => seen || position === index);
    if (!api) return;
    set('cmi.core.lesson_location', String(index));
    saveProgress();
    if (!scored && !completed && visited.every(Boolean)) {
      completed = true;
      set('cmi.core.lesson_status', 'completed');
    }
    api.LMSCommit('');
  }

  byId('previous').addEventListener('click', () => show(current - 1));
  byId('next').addEventListener('click', () => show(current + 1));

  let finished = false;
  const finish = () => {
    if (!api || finished) return;
    finished = true;
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    const hours = Math.min(Math.floor(seconds / 3600), 9999);
    set(
      'cmi.core.session_time',
      `${two(hours)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`,
    );
    set('cmi.core.exit', completed ? '' : 'suspend');
    api.LMSFinish('');
  };
  win.addEventListener('pagehide', finish);
  win.addEventListener('beforeunload', finish);

  if (pages.length === 0) {
    renderPage();
    if (api && !completed) {
      completed = true;
      set('cmi.core.lesson_status', 'completed');
      api.LMSCommit('');
    }
  } else {
    show(current);
  }
}
