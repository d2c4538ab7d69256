import type { Chapter, Topic } from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOutlineApi } from '../../../testing/fake-outline-api';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { testProfile } from '../../../testing/test-profile';
import { renderInRouter } from '../../../testing/test-session';
import { API_KEY_NEEDED } from '../lib/generation-errors';
import { GENERATION_TEXT } from '../lib/messages';
import { ConfirmLevelRegeneration } from './ConfirmLevelRegeneration';
import { useLevelGeneration, type LevelGenerationOptions } from './use-level-generation';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const chapter = (hasTopics: boolean): Chapter => ({
  id: 'ch1',
  name: 'Basics',
  has_topics: hasTopics,
});

/** The hook's flows behind buttons, its busy chapters and subjects in words. */
function Harness({ options, target }: { options: LevelGenerationOptions; target: Chapter }) {
  const generation = useLevelGeneration(options);
  return (
    <>
      <p>{`Topics busy: ${[...generation.generatingTopics].join(',')}`}</p>
      <p>{`Chapters busy: ${[...generation.generatingChapters].join(',')}`}</p>
      <button type="button" onClick={() => generation.requestTopics('s1', target)}>
        Topics
      </button>
      <button type="button" onClick={() => void generation.openChapter('s1', target)}>
        Open
      </button>
      <button
        type="button"
        onClick={() =>
          generation.requestChapters({ subjectId: 's1', subjectName: 'Geometry', exists: false })
        }
      >
        Chapters
      </button>
      <ConfirmLevelRegeneration generation={generation} />
    </>
  );
}

function renderHarness(target: Chapter) {
  const options = {
    courseId: 'c1',
    notify: vi.fn<(message: string | null) => void>(),
    onChaptersGenerated: vi.fn<(subjectId: string) => void>(),
    onTopicsStarting: vi.fn<(chapterId: string) => void>(),
    onTopicsGenerated: vi.fn<(chapterId: string, first: Topic | undefined) => void>(),
  };
  renderInRouter(<Harness options={options} target={target} />, { session: 'user' });
  return { options, user: userEvent.setup() };
}

const generatedTopics: Topic[] = [
  { id: 't9', name: 'Generated topic 1', has_content: false },
  { id: 't10', name: 'Generated topic 2', has_content: false },
];

describe('useLevelGeneration', () => {
  it('generates a chapter’s topics, busy meanwhile, then selects the first', async () => {
    let answer: (response: Response) => void = () => {};
    const spy = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { options, user } = renderHarness(chapter(false));

    await user.click(screen.getByRole('button', { name: 'Topics' }));
    expect(await screen.findByText('Topics busy: ch1')).toBeInTheDocument();
    expect(options.notify).toHaveBeenCalledWith(null);
    expect(options.onTopicsStarting).toHaveBeenCalledWith('ch1');
    await waitFor(() =>
      expect(sentRequest(spy).url).toMatch(
        /\/courses\/c1\/subjects\/s1\/chapters\/ch1\/generate_topics$/,
      ),
    );

    answer(Response.json(generatedTopics));
    await waitFor(() =>
      expect(options.onTopicsGenerated).toHaveBeenCalledWith('ch1', generatedTopics[0]),
    );
    expect(await screen.findByText('Topics busy:')).toBeInTheDocument();
    expect(options.notify).toHaveBeenCalledTimes(1);
  });

  it('shows the failure in words and selects nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeOutlineApi([{ id: 'ch1', name: 'Basics', topics: [] }], {
      generationFailure: { status: 403, error: 'No key', code: 'GEMINI_KEY_MISSING' },
    });
    const { options, user } = renderHarness(chapter(false));
    await user.click(screen.getByRole('button', { name: 'Topics' }));
    await waitFor(() => expect(options.notify).toHaveBeenLastCalledWith(API_KEY_NEEDED));
    expect(options.onTopicsGenerated).not.toHaveBeenCalled();
  });

  it('falls back to the level’s own failure message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeOutlineApi([{ id: 'ch1', name: 'Basics', topics: [] }], {
      generationFailure: { status: 500, error: 'Boom' },
    });
    const { options, user } = renderHarness(chapter(false));
    await user.click(screen.getByRole('button', { name: 'Chapters' }));
    await waitFor(() =>
      expect(options.notify).toHaveBeenLastCalledWith(GENERATION_TEXT.generateChaptersFailed),
    );
    expect(options.onChaptersGenerated).not.toHaveBeenCalled();
  });

  it('generates a subject’s chapters, then opens them', async () => {
    fakeOutlineApi([]);
    const { options, user } = renderHarness(chapter(false));
    await user.click(screen.getByRole('button', { name: 'Chapters' }));
    await waitFor(() => expect(options.onChaptersGenerated).toHaveBeenCalledWith('s1'));
  });

  it('asks before it replaces existing topics, then selects the first new one', async () => {
    fakeOutlineApi([
      { id: 'ch1', name: 'Basics', topics: [{ id: 't1', name: 'Old', has_content: false }] },
    ]);
    const { options, user } = renderHarness(chapter(true));
    await user.click(screen.getByRole('button', { name: 'Topics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate topics?' });
    expect(options.onTopicsStarting).not.toHaveBeenCalled();
    await user.click(
      await screen.findByRole('button', { name: 'Regenerate' }, { container: dialog }),
    );
    await waitFor(() =>
      expect(options.onTopicsGenerated).toHaveBeenCalledWith(
        'ch1',
        expect.objectContaining({ name: 'Generated topic 1' }),
      ),
    );
  });

  it('generates the topics of an opened empty chapter only for a user with a saved key', async () => {
    const spy = stubFetch((url) =>
      url.endsWith('/auth/me')
        ? Response.json(testProfile({ hasApiKey: false }))
        : Response.json(generatedTopics),
    );
    const { options, user } = renderHarness(chapter(false));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    expect(options.onTopicsStarting).not.toHaveBeenCalled();
  });
});
