import {
  COURSE_SETTINGS_MESSAGES,
  DEFAULT_COURSE_SETTINGS,
  QUIZ_MESSAGES,
} from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../../../testing/test-session';
import { COURSE_TEXT } from '../course-messages';
import { installFakeMicrophone, removeFakeMicrophone } from '../voice/fake-microphone';
import { CreateCoursePage } from './CreateCoursePage';
import { sentRequest, stubFetch } from '../../../../testing/fetch-stub';

// jsdom has no Web Audio: the capture is fed by the fake microphone.
vi.mock('../voice/pcm-capture', () => ({ createPcmCapture: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  removeFakeMicrophone();
});

describe('CreateCoursePage, by hand', () => {
  it('requires a name, then creates the course and goes to /courses', async () => {
    const fetchSpy = stubFetch(() =>
      Response.json(
        {
          id: 'c1',
          name: 'Algebra',
          description: '',
          image_url: null,
          has_subjects: false,
          published: false,
          settings: DEFAULT_COURSE_SETTINGS,
        },
        { status: 201 },
      ),
    );
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByText(COURSE_TEXT.nameRequired)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Course Name'), '  Algebra ');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    const { url, body } = sentRequest(fetchSpy);
    expect(url).toBe('/api/courses/create-manual');
    expect(body).toEqual({ name: 'Algebra', description: '', settings: DEFAULT_COURSE_SETTINGS });
  });

  it('shows the server error, else the fallback', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Course Name'), 'Algebra');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText(COURSE_TEXT.createFailed)).toBeInTheDocument();
  });
});

describe('CreateCoursePage, from text', () => {
  it('is disabled while the text is blank, then drafts the course and goes to /courses', async () => {
    let answer!: (response: Response) => void;
    const fetchSpy = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    const generate = screen.getByRole('button', { name: 'Generate Course from Text' });
    expect(generate).toBeDisabled();
    await user.type(screen.getByLabelText('Course Description'), ' Linear algebra for engineers ');
    await user.click(generate);
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled();
    answer(
      Response.json(
        {
          id: 'c9',
          name: 'Linear Algebra',
          description: 'x',
          image_url: null,
          has_subjects: false,
          published: false,
          settings: DEFAULT_COURSE_SETTINGS,
        },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    const { url, body } = sentRequest(fetchSpy);
    expect(url).toBe('/api/courses/add_course');
    expect(body).toEqual({
      name: 'Linear algebra for engineers',
      settings: DEFAULT_COURSE_SETTINGS,
    });
  });

  it('shows the server’s error, with a way to the profile when the key is missing', async () => {
    stubFetch(() =>
      Response.json(
        { error: 'You need to set your Google API key in your profile first.' },
        { status: 403 },
      ),
    );
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Course Description'), 'Geometry');
    await user.click(screen.getByRole('button', { name: 'Generate Course from Text' }));
    expect(
      await screen.findByText('You need to set your Google API key in your profile first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });
});

const COURSE = {
  id: 'c7',
  name: 'Spoken',
  description: 'x',
  image_url: null,
  has_subjects: false,
  published: false,
  settings: DEFAULT_COURSE_SETTINGS,
};

/** Renders the page, records `seconds` of sound and stops. */
async function renderAndRecord(seconds = 1.5) {
  const microphone = installFakeMicrophone();
  const view = renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Start Recording' }));
  await screen.findByText(COURSE_TEXT.recording);
  if (seconds > 0) microphone.speak(seconds);
  await user.click(screen.getByRole('button', { name: 'Stop Recording' }));
  await screen.findByText(COURSE_TEXT.recorded);
  return { ...view, user, microphone };
}

describe('CreateCoursePage, from audio', () => {
  it('records, then offers to generate from the audio and uploads it as course_audio.wav', async () => {
    let answer!: (response: Response) => void;
    const fetchSpy = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const microphone = installFakeMicrophone();
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Stop Recording' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(await screen.findByRole('status')).toHaveTextContent(COURSE_TEXT.recording);
    expect(microphone.getUserMedia).toHaveBeenCalledWith({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeDisabled();
    expect(screen.getByText('00:00')).toBeInTheDocument();
    microphone.speak(2.5);
    expect(screen.getByText('00:02')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Course from Text' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop Recording' }));
    expect(screen.getByRole('status')).toHaveTextContent(COURSE_TEXT.recorded);
    expect(screen.getByText('00:02')).toBeInTheDocument();
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(microphone.close).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stop Recording' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Generate Course from Text' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Generate Course from Audio' }));
    expect(await screen.findByRole('button', { name: 'Processing Audio...' })).toBeDisabled();
    for (const name of ['Start Recording', 'Play', 'Clear']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    answer(Response.json(COURSE, { status: 201 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));

    const [url, init = {}] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/courses/add_course_audio');
    expect(init.method).toBe('POST');
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.body).toBeInstanceOf(FormData);
    const file = (init.body as FormData).get('audio');
    expect(file).toBeInstanceOf(File);
    const audio = file as File;
    expect(audio.name).toBe('course_audio.wav');
    expect(audio.type).toBe('audio/wav');
    expect(audio.size).toBe(44 + 2.5 * 32_000);
    const header = new TextDecoder().decode(await audio.slice(0, 12).arrayBuffer());
    expect(header.slice(0, 4)).toBe('RIFF');
    expect(header.slice(8, 12)).toBe('WAVE');
    expect(JSON.parse(String((init.body as FormData).get('settings')))).toEqual(
      DEFAULT_COURSE_SETTINGS,
    );
  });

  it('shows the server’s error, with a way to the profile when the key is missing', async () => {
    stubFetch(() =>
      Response.json(
        { error: 'You need to set your Google API key in your profile first.' },
        { status: 403 },
      ),
    );
    const { user } = await renderAndRecord();
    await user.click(screen.getByRole('button', { name: 'Generate Course from Audio' }));
    expect(
      await screen.findByText('You need to set your Google API key in your profile first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Generate Course from Audio' })).toBeEnabled();
  });

  it('shows the fallback when the server gives no reason', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const { user } = await renderAndRecord();
    await user.click(screen.getByRole('button', { name: 'Generate Course from Audio' }));
    expect(await screen.findByText(COURSE_TEXT.audioCreateFailed)).toBeInTheDocument();
  });

  it('refuses a recording that holds no sound', async () => {
    const fetchSpy = stubFetch(() => Response.json(COURSE, { status: 201 }));
    const { user } = await renderAndRecord(0);
    await user.click(screen.getByRole('button', { name: 'Generate Course from Audio' }));
    expect(await screen.findByText(COURSE_TEXT.audioMissing)).toBeInTheDocument();
    expect(COURSE_TEXT.audioMissing).toBe('No audio recording found');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('plays the recording', async () => {
    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      played.push(this.src);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { user } = await renderAndRecord();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(played).toHaveLength(1);
    expect(played[0]).toMatch(/^blob:/);
  });

  it('Clear goes back to idle and to generating from text', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { user } = await renderAndRecord();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByText(COURSE_TEXT.recorded)).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate Course from Text' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Course from Audio' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
    expect(revoke).toHaveBeenCalledWith(expect.stringMatching(/^blob:/));
  });

  it('says so when the microphone is denied', async () => {
    const microphone = installFakeMicrophone();
    microphone.getUserMedia.mockRejectedValueOnce(
      new DOMException('Permission denied', 'NotAllowedError'),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(await screen.findByText(COURSE_TEXT.microphoneDenied)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Recording' })).toBeEnabled();
    expect(screen.queryByText(COURSE_TEXT.recording)).toBeNull();
  });

  it('only logs when the browser cannot record', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start Recording' }));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('cannot record audio'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

const SETTINGS = {
  audience: 'first-year engineering students',
  level: 'Advanced',
  language: 'Español',
  tone: 'Playful',
  lesson_length: 'Long',
  require_quiz_pass: false,
  pass_mark: 85,
} as const;

/** Opens 'Course settings (optional)' and fills every field with SETTINGS. */
async function fillSettings(user: ReturnType<typeof userEvent.setup>) {
  const disclosure = screen.getByRole('button', { name: 'Course settings (optional)' });
  expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await user.click(disclosure);
  expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  await user.type(screen.getByRole('textbox', { name: 'Audience' }), SETTINGS.audience);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), SETTINGS.level);
  const language = screen.getByRole('textbox', { name: 'Language' });
  await user.clear(language);
  await user.type(language, SETTINGS.language);
  const tone = screen.getByRole('combobox', { name: 'Tone' });
  await user.clear(tone);
  await user.type(tone, SETTINGS.tone);
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'Lesson length' }),
    SETTINGS.lesson_length,
  );
  await user.click(screen.getByRole('checkbox', { name: QUIZ_MESSAGES.requireQuizPass }));
  const passMark = screen.getByRole('spinbutton', { name: 'Pass mark' });
  await user.clear(passMark);
  await user.type(passMark, String(SETTINGS.pass_mark));
}

describe('CreateCoursePage, course settings', () => {
  it('starts closed with the defaults, and the tone field suggests three tones', async () => {
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Course settings (optional)' }));
    expect(screen.getByRole('textbox', { name: 'Audience' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('Beginner');
    expect(screen.getByRole('textbox', { name: 'Language' })).toHaveValue('English');
    const tone = screen.getByRole('combobox', { name: 'Tone' });
    expect(tone).toHaveValue('Friendly');
    expect(screen.getByRole('combobox', { name: 'Lesson length' })).toHaveValue('Medium');
    expect(screen.getByRole('checkbox', { name: QUIZ_MESSAGES.requireQuizPass })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Pass mark' })).toHaveValue(70);
    await user.clear(tone);
    await user.click(tone);
    const suggestions = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(suggestions.map((option) => option.textContent)).toEqual([
      'Friendly',
      'Academic',
      'Concise',
    ]);
    await user.click(screen.getByRole('option', { name: 'Academic' }));
    expect(tone).toHaveValue('Academic');
  });

  it('sends the settings when creating by hand', async () => {
    const fetchSpy = stubFetch(() =>
      Response.json({ ...COURSE, settings: SETTINGS }, { status: 201 }),
    );
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    await fillSettings(user);
    await user.type(screen.getByLabelText('Course Name'), 'Señales');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(sentRequest(fetchSpy).body).toEqual({
      name: 'Señales',
      description: '',
      settings: SETTINGS,
    });
  });

  it('sends the settings when drafting from text', async () => {
    const fetchSpy = stubFetch(() =>
      Response.json({ ...COURSE, settings: SETTINGS }, { status: 201 }),
    );
    const { router } = renderInRouter(<CreateCoursePage />, {
      session: 'user',
      path: '/create-course',
    });
    const user = userEvent.setup();
    await fillSettings(user);
    await user.type(screen.getByLabelText('Course Description'), 'Signals');
    await user.click(screen.getByRole('button', { name: 'Generate Course from Text' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(sentRequest(fetchSpy)).toMatchObject({
      url: '/api/courses/add_course',
      body: { name: 'Signals', settings: SETTINGS },
    });
  });

  it('sends the settings with a recording, as the JSON field `settings`', async () => {
    const fetchSpy = stubFetch(() =>
      Response.json({ ...COURSE, settings: SETTINGS }, { status: 201 }),
    );
    const { user, router } = await renderAndRecord();
    await fillSettings(user);
    await user.click(screen.getByRole('button', { name: 'Generate Course from Audio' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    const [url, init = {}] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/courses/add_course_audio');
    const form = init.body as FormData;
    expect(form.get('audio')).toBeInstanceOf(File);
    expect(JSON.parse(String(form.get('settings')))).toEqual(SETTINGS);
  });

  it('an invalid setting opens the section, focuses it and sends nothing', async () => {
    const fetchSpy = stubFetch(() => Response.json(COURSE, { status: 201 }));
    renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
    const user = userEvent.setup();
    const disclosure = screen.getByRole('button', { name: 'Course settings (optional)' });
    await user.click(disclosure);
    await user.clear(screen.getByRole('textbox', { name: 'Language' }));
    await user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await user.type(screen.getByLabelText('Course Name'), 'Algebra');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Language is required')).toBeVisible();
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Language' })).toHaveFocus());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each(['0', '101', '70.5', ''])(
    'refuses the Pass mark %j on the field and sends nothing',
    async (typed) => {
      const fetchSpy = stubFetch(() => Response.json(COURSE, { status: 201 }));
      renderInRouter(<CreateCoursePage />, { session: 'user', path: '/create-course' });
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Course settings (optional)' }));
      const passMark = screen.getByRole('spinbutton', { name: 'Pass mark' });
      await user.clear(passMark);
      if (typed) await user.type(passMark, typed);
      await user.type(screen.getByLabelText('Course Name'), 'Algebra');
      await user.click(screen.getByRole('button', { name: 'Create Course' }));
      expect(await screen.findByText(COURSE_SETTINGS_MESSAGES.passMark)).toBeVisible();
      expect(passMark).toHaveAccessibleDescription(COURSE_SETTINGS_MESSAGES.passMark);
      await waitFor(() => expect(passMark).toHaveFocus());
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );
});
