import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { AiUsageLine } from './AiUsageLine';

const USAGE_KEY = ['user', 'user-1', 'ai-usage'];

const usage = (used: number, limit: number) =>
  Response.json({ used, limit, resets_at: '2026-11-25T00:00:00.000Z' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AiUsageLine', () => {
  it('shows the user’s AI requests today against their daily budget', async () => {
    const spy = stubFetch(() => usage(3, 200));
    renderInRouter(<AiUsageLine />, { session: 'user' });
    expect(await screen.findByText('AI requests today: 3 of 200')).toBeInTheDocument();
    expect(sentRequest(spy).url).toBe('/api/ai-usage');
  });

  it('shows nothing when there is no budget or it cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const answer of [
      () => usage(0, 0),
      () => Response.json({ error: 'Internal server error' }, { status: 500 }),
    ]) {
      stubFetch(answer);
      const { queryClient, unmount } = renderInRouter(<AiUsageLine />, { session: 'user' });
      await vi.waitFor(
        () => expect(queryClient.getQueryState(USAGE_KEY)?.status).not.toBe('pending'),
        { timeout: 10_000 },
      );
      expect(screen.queryByText(/AI requests today/)).not.toBeInTheDocument();
      unmount();
    }
  });
});
