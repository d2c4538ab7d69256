import { SOURCE_MESSAGES } from '@coursecraft/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { sourcesPanelState } from '../sources-panel-link';
import { SOURCES_TEXT } from '../sources-text';
import { SourcesButton } from './SourcesButton';

afterEach(() => vi.unstubAllGlobals());

const EMPTY = {
  sources: [],
  coverage: { complete: true, line: null, left_out: [], budget_tokens: 150_000, tokens: 0 },
};
const actions = { generateSubjects: vi.fn(), generatingSubjects: false };

describe('Sources on the subjects screen', () => {
  it('opens the panel from the address, with the files refused before, and closing it clears the address', async () => {
    stubFetch(() => Response.json(EMPTY));
    const { router } = renderInRouter(<SourcesButton courseId="c1" actions={actions} />, {
      session: 'user',
      path: '/courses/c1/subjects?sources=open',
      state: sourcesPanelState([{ name: 'setup.exe', message: SOURCE_MESSAGES.wrongType }]),
    });
    expect(await screen.findByRole('region', { name: SOURCES_TEXT.panelTitle })).toBeVisible();
    expect(await screen.findByText(SOURCE_MESSAGES.noSources)).toBeVisible();
    expect(screen.getByRole('alert', { name: SOURCES_TEXT.refusalsLabel })).toHaveTextContent(
      `setup.exe: ${SOURCE_MESSAGES.wrongType}`,
    );
    await userEvent.click(screen.getByRole('button', { name: SOURCES_TEXT.close }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('region', { name: SOURCES_TEXT.panelTitle })).toBeNull();
  });

  it('opens the panel with Sources and puts it in the address', async () => {
    stubFetch(() => Response.json(EMPTY));
    const { router } = renderInRouter(<SourcesButton courseId="c1" actions={actions} />, {
      session: 'user',
      path: '/courses/c1/subjects',
    });
    expect(screen.queryByRole('region', { name: SOURCES_TEXT.panelTitle })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: SOURCE_MESSAGES.sources }));
    expect(await screen.findByRole('region', { name: SOURCES_TEXT.panelTitle })).toBeVisible();
    expect(router.state.location.search).toBe('?sources=open');
  });
});
