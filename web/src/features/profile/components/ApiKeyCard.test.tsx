import type { User } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../../../testing/fetch-stub';
import { testProfile } from '../../../testing/test-profile';
import { renderInRouter } from '../../../testing/test-session';
import { PROFILE_TEXT } from '../profile-messages';
import { ApiKeyCard } from './ApiKeyCard';

const KEY = 'AIza-key_1';

/** The profile API: key writes answer `answer` (default: the updated profile) once released. */
function stubKeyApi(answer?: () => Response) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const spy = stubFetch(async (_url, init) => {
    await held;
    if (answer) return answer();
    const user = testProfile({ hasApiKey: init.method === 'PUT' });
    return Response.json({ message: 'ok', user });
  });
  return { spy, release };
}

function renderCard(user: User) {
  const view = renderInRouter(<ApiKeyCard user={user} />, { session: 'user' });
  const cachedProfile = () =>
    view.queryClient.getQueryData<User>(['user', 'user-1', 'current-user']);
  return { ...view, cachedProfile, events: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ApiKeyCard', () => {
  it('saves a key: Saving... while busy, then the banner, an empty field and the cached profile', async () => {
    const { spy, release } = stubKeyApi();
    const { events, cachedProfile } = renderCard(testProfile({ hasApiKey: false }));
    const save = screen.getByRole('button', { name: 'Save API Key' });
    expect(save).toBeDisabled();
    await events.type(screen.getByLabelText('Google API key'), ` ${KEY} `);
    await events.click(save);
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByText(PROFILE_TEXT.apiKeySaved)).toBeInTheDocument();
    expect(screen.getByLabelText('Google API key')).toHaveValue('');
    expect(sentRequest(spy).body).toEqual({ api_key: KEY });
    expect(cachedProfile()?.has_api_key).toBe(true);
  });

  it('checks the key with the API’s rules once submitted, without asking the server', async () => {
    const { spy } = stubKeyApi();
    const { events } = renderCard(testProfile({ hasApiKey: false }));
    await events.type(screen.getByLabelText('Google API key'), 'not a key!');
    expect(screen.queryByText(/may contain only/)).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Save API Key' }));
    expect(
      await screen.findByText('API key may contain only letters, digits, - and _'),
    ).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('asks before removing the key, says Removing... while busy, then reports it', async () => {
    const { spy, release } = stubKeyApi();
    const { events, cachedProfile } = renderCard(testProfile({ hasApiKey: true }));
    await events.click(screen.getByRole('button', { name: 'Remove API Key' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove your API key?' });
    await events.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('button', { name: 'Removing...' })).toBeDisabled();
    release();
    expect(await screen.findByText(PROFILE_TEXT.apiKeyRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRequest(spy).init.method).toBe('DELETE');
    expect(cachedProfile()?.has_api_key).toBe(false);
  });

  it('shows the server’s reason when the removal fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { release } = stubKeyApi(() =>
      Response.json({ error: 'Try again later.' }, { status: 503 }),
    );
    const { events } = renderCard(testProfile({ hasApiKey: true }));
    await events.click(screen.getByRole('button', { name: 'Remove API Key' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove your API key?' });
    await events.click(within(dialog).getByRole('button', { name: 'Remove' }));
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again later.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
