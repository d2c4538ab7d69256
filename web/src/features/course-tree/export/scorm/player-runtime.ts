import type { decodeVisited, encodeVisited } from './suspend-data';

/** The course as the player reads it from `player/course.js`. */
export interface PlayerCourse {
  title: string;
  description: string;
  /** Paths inside the package, or null. */
  image: string | null;
  subjects: {
    name: string;
    image: string | null;
    chapters: {
      name: string;
      /** `lesson`: the script holding the rendered lesson, or null for a topic without one. */
      topics: { name: string; lesson: string | null }[];
    }[];
  }[];
}

export interface SuspendCodec {
  encode: typeof encodeVisited;
  decode: typeof decodeVisited;
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
 * The package's player: the outline, one lesson at a time with Previous/Next, and progress
 * reported to the LMS when one is found. Self-contained (no outside names): the package ships this
 * function's source text, called with the window, the course and the suspend_data codec.
 */
export function runScormPlayer(win: Window, course: PlayerCourse, codec: SuspendCodec): void {
  const doc = win.document;
  const byId = (id: string): HTMLElement => {
    const found = doc.getElementById(id);
    if (!found) throw new Error(`The player page has no #${id}`);
    return found;
  };
  const create = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string) => {
    const created = doc.createElement(tag);
    if (text !== undefined) created.textContent = text;
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

  const topics = course.subjects.flatMap((subject) =>
    subject.chapters.flatMap((chapter) =>
      chapter.topics.map((topic) => ({ ...topic, subject: subject.name, chapter: chapter.name })),
    ),
  );
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
      for (const topic of chapter.topics) {
        const index = outlineButtons.length;
        const button = create('button', topic.name);
        button.type = 'button';
        button.addEventListener('click', () => {
          show(index);
          if (win.matchMedia('(max-width: 799px)').matches) {
            (byId('outline-panel') as HTMLDetailsElement).open = false;
          }
        });
        outlineButtons.push(button);
        const topicItem = create('li');
        topicItem.append(button);
        topicList.append(topicItem);
      }
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
  let visited = codec.decode(get('cmi.suspend_data'), topics.length);
  let completed = ['completed', 'passed'].includes(get('cmi.core.lesson_status'));
  if (api && !completed) set('cmi.core.lesson_status', 'incomplete');
  const resumeAt = Number.parseInt(get('cmi.core.lesson_location'), 10);
  if (Number.isInteger(resumeAt) && resumeAt >= 0 && resumeAt < topics.length) current = resumeAt;

  const renderLesson = () => {
    const topic = topics[current];
    const lesson = byId('lesson');
    if (!topic) {
      lesson.textContent = 'This course has no topics yet.';
      return;
    }
    const html = lessons.get(current);
    if (topic.lesson === null) lesson.textContent = 'This topic has no lesson yet.';
    else if (html === undefined) lesson.textContent = 'Loading...';
    else lesson.innerHTML = html;
  };

  (win as PlayerWindow).scormLesson = (index, html) => {
    lessons.set(index, html);
    if (index === current) renderLesson();
  };

  const loadLesson = (index: number) => {
    const path = topics[index]?.lesson;
    if (!path || requested.has(index)) return;
    requested.add(index);
    const script = create('script');
    script.src = path;
    doc.body.append(script);
  };

  function show(index: number) {
    const topic = topics[index];
    if (!topic) return;
    current = index;
    byId('breadcrumb').textContent = `${topic.subject} › ${topic.chapter}`;
    byId('topic-title').textContent = topic.name;
    byId('position').textContent = `${index + 1} of ${topics.length}`;
    (byId('previous') as HTMLButtonElement).disabled = index === 0;
    (byId('next') as HTMLButtonElement).disabled = index === topics.length - 1;
    outlineButtons.forEach((button, position) => {
      if (position === index) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
      button.classList.toggle('visited', visited[position] === true || position === index);
    });
    loadLesson(index);
    renderLesson();
    win.scrollTo(0, 0);

    visited = visited.map((seen, position) => seen || position === index);
    if (!api) return;
    set('cmi.core.lesson_location', String(index));
    set('cmi.suspend_data', codec.encode(visited));
    if (!completed && visited.every(Boolean)) {
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

  if (topics.length === 0) {
    renderLesson();
    if (api && !completed) {
      completed = true;
      set('cmi.core.lesson_status', 'completed');
      api.LMSCommit('');
    }
  } else {
    show(current);
  }
}
