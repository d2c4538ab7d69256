import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_HTML, playerScript } from './player-page';
import type { PlayerCourse } from './player-runtime';

/** A course of three topics in two chapters; the last topic has no lesson. */
const COURSE: PlayerCourse = {
  title: 'Tides',
  description: 'The sea',
  image: null,
  passMark: 70,
  subjects: [
    {
      name: 'Moon',
      image: null,
      chapters: [
        {
          name: 'Orbits',
          topics: [
            { name: 'Pull', lesson: 'lessons/1.js', questions: [] },
            { name: 'Push', lesson: 'lessons/2.js', questions: [] },
          ],
          quiz: null,
        },
        { name: 'Later', topics: [{ name: 'Unwritten', lesson: null, questions: [] }], quiz: null },
      ],
    },
  ],
};

/** An LMS's SCORM 1.2 API on the window, starting from `saved` (the data of an earlier session). */
function installLms(saved: Record<string, string> = {}) {
  const cmi = new Map(Object.entries(saved));
  const api = {
    LMSInitialize: () => 'true',
    LMSFinish: () => 'true',
    LMSCommit: () => 'true',
    LMSGetValue: (element: string) => cmi.get(element) ?? '',
    LMSSetValue: (element: string, value: string) => {
      cmi.set(element, value);
      return 'true';
    },
  };
  Object.assign(window, { API: api });
  return { status: () => cmi.get('cmi.core.lesson_status'), cmi };
}

/** Runs `player/player.js` as the package ships it (its source text), on `course`. */
const start = (course: PlayerCourse = COURSE) => {
  Object.assign(window, { scormCourse: course });
  (new Function(playerScript()) as () => void)();
};
const next = () => document.getElementById('next')?.click();

beforeEach(() => {
  document.body.innerHTML = new DOMParser().parseFromString(
    PLAYER_HTML,
    'text/html',
  ).body.innerHTML;
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'API');
  Reflect.deleteProperty(window, 'scormCourse');
});

describe('the SCORM player’s completion rule', () => {
  it('reports incomplete until every topic was shown, lessonless ones included, then completed', () => {
    const lms = installLms();
    start();
    expect(lms.status()).toBe('incomplete');
    next();
    expect(lms.status()).toBe('incomplete');
    next();
    expect(document.getElementById('topic-title')?.textContent).toBe('Unwritten');
    expect(lms.status()).toBe('completed');
  });

  it('counts the topics of an earlier session, so finishing the rest completes the course', () => {
    const first = installLms();
    start();
    next();
    expect(first.status()).toBe('incomplete');
    const saved = Object.fromEntries(first.cmi);
    expect(saved['cmi.core.lesson_location']).toBe('1');

    document.body.innerHTML = new DOMParser().parseFromString(
      PLAYER_HTML,
      'text/html',
    ).body.innerHTML;
    const second = installLms(saved);
    start();
    expect(document.getElementById('topic-title')?.textContent).toBe('Push');
    expect(second.status()).toBe('incomplete');
    next();
    expect(second.status()).toBe('completed');
  });

  it('never reports a completed course as incomplete again, and completes a course without topics', () => {
    const done = installLms({ 'cmi.core.lesson_status': 'completed' });
    start();
    expect(done.status()).toBe('completed');

    document.body.innerHTML = new DOMParser().parseFromString(
      PLAYER_HTML,
      'text/html',
    ).body.innerHTML;
    const empty = installLms();
    start({ ...COURSE, subjects: [] });
    expect(empty.status()).toBe('completed');
  });
});
