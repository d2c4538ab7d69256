import type { DashboardStats, Testimonial, User } from '@coursecraft/contracts';
import { SELF_DEMOTION_REFUSED, UNVERIFIED_ADMIN_REFUSED } from '@coursecraft/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderInRouter } from '../../../testing/test-session';
import { ADMIN_TEXT } from '../admin-messages';
import { AdminDashboardPage } from './AdminDashboardPage';

function userOf(id: string, first: string, last: string, extra: Partial<User> = {}): User {
  return {
    id,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@example.com`,
    is_admin: false,
    is_active: true,
    created_at: '2026-02-03T10:00:00.000Z',
    has_api_key: false,
    ...extra,
  };
}

/** The signed-in admin: the test session's uid. */
const ada = userOf('user-1', 'Ada', 'Lovelace', { is_admin: true });
const bob = userOf('u2', 'Bob', 'Builder');
const cleo = userOf('u3', 'Cleo', 'Codes', { is_active: false });
const dan = userOf('u4', 'Dan', 'Admin', { is_admin: true });

function testimonialOf(id: string, author: string, rating: number, quote: string): Testimonial {
  return {
    id,
    quote,
    rating,
    author,
    is_approved: false,
    status: 'pending',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
  };
}

const fromBob = testimonialOf('t1', 'Bob Builder', 4, 'Great courses!');
const fromCleo = testimonialOf('t2', 'Cleo Codes', 5, 'Loved the lessons.');

type Route = 'dashboard' | 'users' | 'pending' | 'status' | 'admin' | 'approve';

/**
 * An in-memory admin API behind `fetch`. `fail` makes a route answer 500 until `heal` is called;
 * `hold` keeps a route's answers waiting until `release`.
 */
function fakeAdminApi({
  users = [ada, bob, cleo, dan],
  pending = [fromBob, fromCleo],
  fail = [],
  refuseRoleChange,
}: {
  users?: User[];
  pending?: Testimonial[];
  fail?: Route[];
  /** The 400 message of every role change, as the server refuses one. */
  refuseRoleChange?: string;
} = {}) {
  const state = { users: structuredClone(users), pending: structuredClone(pending) };
  const failing = new Set<Route>(fail);
  const held = new Map<Route, (() => void)[]>();
  const holding = new Set<Route>();

  const routeOf = (method: string, path: string): Route | null => {
    if (path === '/admin/dashboard') return 'dashboard';
    if (path === '/admin/users') return 'users';
    if (path === '/admin/testimonials/pending') return 'pending';
    if (method === 'PUT' && /^\/admin\/users\/[^/]+\/status$/.test(path)) return 'status';
    if (method === 'PUT' && /^\/admin\/users\/[^/]+\/admin$/.test(path)) return 'admin';
    if (method === 'PUT' && /^\/testimonials\/admin\/[^/]+\/approve$/.test(path)) return 'approve';
    return null;
  };

  const answer = (route: Route, path: string, body: Record<string, unknown>): Response => {
    const id = decodeURIComponent(path.split('/').at(-2) ?? '');
    switch (route) {
      case 'dashboard': {
        const stats: DashboardStats = {
          total_users: state.users.length,
          active_users: state.users.filter((user) => user.is_active).length,
          total_courses: 7,
          recent_courses: ['Algebra', 'Biology', 'Chemistry', 'Drama'].map((name, index) => ({
            id: `c${index}`,
            name,
            created_at: '2026-01-01T00:00:00.000Z',
          })),
          total_testimonials: 9,
          pending_testimonials: state.pending.length,
          recent_users: state.users.slice(0, 2),
        };
        return Response.json(stats);
      }
      case 'users':
        return Response.json(state.users);
      case 'pending':
        return Response.json(state.pending);
      case 'status':
      case 'admin': {
        const user = state.users.find((item) => item.id === id);
        if (!user) return Response.json({ error: 'Not found' }, { status: 404 });
        if (route === 'status') user.is_active = body.is_active === true;
        else user.is_admin = body.is_admin === true;
        return Response.json(user);
      }
      case 'approve': {
        const testimonial = state.pending.find((item) => item.id === id);
        if (!testimonial) return Response.json({ error: 'Not found' }, { status: 404 });
        state.pending = state.pending.filter((item) => item.id !== id);
        const approved = body.approved === true;
        return Response.json({
          ...testimonial,
          is_approved: approved,
          status: approved ? 'approved' : 'rejected',
        });
      }
    }
  };

  const spy = stubFetch(async (url, init) => {
    const method = init.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const route = routeOf(method, path);
    if (!route) return Response.json({ error: 'Not found' }, { status: 404 });
    if (holding.has(route)) {
      await new Promise<void>((resolve) => held.set(route, [...(held.get(route) ?? []), resolve]));
    }
    if (failing.has(route)) return Response.json({ error: 'boom' }, { status: 500 });
    if (route === 'admin' && refuseRoleChange) {
      return Response.json({ error: refuseRoleChange }, { status: 400 });
    }
    const body = init.body === undefined ? {} : JSON.parse(String(init.body));
    return answer(route, path, body as Record<string, unknown>);
  });

  return {
    spy,
    state,
    heal: (route: Route) => failing.delete(route),
    hold: (route: Route) => holding.add(route),
    release: (route: Route) => {
      holding.delete(route);
      for (const resolve of held.get(route) ?? []) resolve();
      held.delete(route);
    },
    /** Requests sent so far, as "METHOD /path". */
    requests: () =>
      spy.mock.calls.map(
        ([url, init]) =>
          `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname.replace(/^\/api/, '')}`,
      ),
    /** The JSON bodies of the PUTs sent to `path`. */
    putsTo: (path: string) =>
      spy.mock.calls
        .filter(([url, init]) => init?.method === 'PUT' && url === `/api${path}`)
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
  };
}

function renderPage() {
  renderInRouter(<AdminDashboardPage />, { session: 'admin', path: '/admin' });
  return userEvent.setup();
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(tab(name));
  expect(tab(name)).toHaveAttribute('aria-selected', 'true');
}

/** The row of the users table naming `name`. */
async function userRow(name: string) {
  const table = await screen.findByRole('table', { name: 'Users' });
  const cell = within(table).getByText(name);
  return cell.closest('tr') as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminDashboardPage', () => {
  it('starts on the Dashboard with the stats, loading nothing else', async () => {
    const api = fakeAdminApi();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual([
      'Dashboard',
      'User Management',
      'Testimonials',
    ]);
    expect(tab('Dashboard')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('progressbar', { name: ADMIN_TEXT.loadingDashboard })).toBeVisible();

    const bar = await screen.findByRole('progressbar', { name: 'Active users: 3 of 4' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(panel()).toHaveAttribute('aria-labelledby', tab('Dashboard').id);
    expect(screen.getByText('3 active')).toBeInTheDocument();

    const courses = screen.getByRole('list', { name: 'Recent courses' });
    expect(
      within(courses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Algebra', 'Biology', 'Chemistry']);
    expect(within(panel()).getByText('2 pending')).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();

    const recent = screen.getByRole('table', { name: 'Recent Users' });
    const rows = within(recent).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent(new Date(ada.created_at).toLocaleDateString());
    expect(first).toHaveTextContent('Active');
    expect(second).toHaveTextContent('Bob Builder');

    expect(api.requests()).toEqual(['GET /admin/dashboard']);
  });

  it('Review Testimonials and View All Users switch tabs; each list loads once', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Review Testimonials' }));
    expect(tab('Testimonials')).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAttribute('aria-labelledby', tab('Testimonials').id);
    expect(await within(panel()).findByText(/Great courses!/)).toBeInTheDocument();
    expect(api.requests()).toEqual(['GET /admin/dashboard', 'GET /admin/testimonials/pending']);

    await openTab(user, 'Dashboard');
    await user.click(screen.getByRole('button', { name: 'View All Users' }));
    expect(tab('User Management')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();

    await openTab(user, 'Testimonials');
    await openTab(user, 'User Management');
    await openTab(user, 'Dashboard');
    expect(api.requests()).toEqual([
      'GET /admin/dashboard',
      'GET /admin/testimonials/pending',
      'GET /admin/users',
    ]);
  });

  it('lists the users with status, role and actions; your own Disable is off', async () => {
    fakeAdminApi();
    const user = renderPage();
    await openTab(user, 'User Management');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['User', 'Email', 'Joined', 'Status', 'Role', 'Actions']);

    const own = await userRow('Ada Lovelace');
    expect(own).toHaveTextContent('You');
    expect(own).toHaveTextContent('Admin');
    expect(within(own).getByRole('button', { name: 'Disable Ada Lovelace' })).toBeDisabled();
    expect(within(own).getByRole('button', { name: 'Remove Admin Ada Lovelace' })).toBeEnabled();

    const cleoRow = await userRow('Cleo Codes');
    expect(cleoRow).toHaveTextContent('Inactive');
    expect(cleoRow).toHaveTextContent('User');
    expect(cleoRow).toHaveTextContent(new Date(cleo.created_at).toLocaleDateString());
    expect(within(cleoRow).getByRole('button', { name: 'Enable Cleo Codes' })).toBeEnabled();
    expect(within(cleoRow).getByRole('button', { name: 'Make Admin Cleo Codes' })).toBeEnabled();
  });

  it('disables and enables a user, updating the active-user count', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await screen.findByRole('progressbar', { name: 'Active users: 3 of 4' });
    await openTab(user, 'User Management');

    await user.click(
      within(await userRow('Bob Builder')).getByRole('button', { name: 'Disable Bob Builder' }),
    );
    const enable = await screen.findByRole('button', { name: 'Enable Bob Builder' });
    expect(await userRow('Bob Builder')).toHaveTextContent('Inactive');
    expect(api.putsTo('/admin/users/u2/status')).toEqual([{ is_active: false }]);

    await openTab(user, 'Dashboard');
    const bar = screen.getByRole('progressbar', { name: 'Active users: 2 of 4' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    const recent = screen.getByRole('table', { name: 'Recent Users' });
    expect(within(recent).getByText('Bob Builder').closest('tr')).toHaveTextContent('Inactive');

    await openTab(user, 'User Management');
    await user.click(enable);
    expect(await screen.findByRole('button', { name: 'Disable Bob Builder' })).toBeEnabled();
    expect(api.putsTo('/admin/users/u2/status')).toEqual([
      { is_active: false },
      { is_active: true },
    ]);
    await openTab(user, 'Dashboard');
    expect(screen.getByRole('progressbar', { name: 'Active users: 3 of 4' })).toBeInTheDocument();
  });

  it('disables a button while its request runs', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await openTab(user, 'User Management');
    api.hold('status');
    const disable = within(await userRow('Bob Builder')).getByRole('button', {
      name: 'Disable Bob Builder',
    });
    await user.click(disable);
    await waitFor(() => expect(disable).toBeDisabled());
    expect(
      within(await userRow('Bob Builder')).getByRole('button', { name: /Admin/ }),
    ).toBeEnabled();
    api.release('status');
    expect(await screen.findByRole('button', { name: 'Enable Bob Builder' })).toBeEnabled();
  });

  it('makes a user admin and removes another admin, each after a confirmation', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await openTab(user, 'User Management');

    await user.click(
      within(await userRow('Bob Builder')).getByRole('button', { name: 'Make Admin Bob Builder' }),
    );
    const grant = await screen.findByRole('dialog', { name: 'Make admin?' });
    expect(grant).toHaveTextContent('Bob Builder will be able to see every user');
    expect(api.putsTo('/admin/users/u2/admin')).toEqual([]);
    await user.click(within(grant).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByRole('button', { name: 'Remove Admin Bob Builder' })).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await userRow('Bob Builder')).toHaveTextContent('Admin');
    expect(api.putsTo('/admin/users/u2/admin')).toEqual([{ is_admin: true }]);

    await user.click(screen.getByRole('button', { name: 'Remove Admin Dan Admin' }));
    const removal = await screen.findByRole('dialog', { name: 'Remove admin?' });
    await user.click(within(removal).getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByRole('button', { name: 'Make Admin Dan Admin' })).toBeEnabled();
    expect(await userRow('Dan Admin')).toHaveTextContent('User');
    expect(api.putsTo('/admin/users/u4/admin')).toEqual([{ is_admin: false }]);
  });

  it('changes no role when the confirmation is cancelled', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await openTab(user, 'User Management');
    await user.click(screen.getByRole('button', { name: 'Remove Admin Dan Admin' }));
    const removal = await screen.findByRole('dialog', { name: 'Remove admin?' });
    await user.click(within(removal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.putsTo('/admin/users/u4/admin')).toEqual([]);
    expect(await userRow('Dan Admin')).toHaveTextContent('Admin');
  });

  it("shows the server's refusal in the dialog, leaving the role unchanged", async () => {
    fakeAdminApi({ refuseRoleChange: UNVERIFIED_ADMIN_REFUSED });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = renderPage();
    await openTab(user, 'User Management');
    await user.click(screen.getByRole('button', { name: 'Make Admin Bob Builder' }));
    const grant = await screen.findByRole('dialog', { name: 'Make admin?' });
    await user.click(within(grant).getByRole('button', { name: 'Make Admin' }));
    expect(await within(grant).findByRole('alert')).toHaveTextContent(UNVERIFIED_ADMIN_REFUSED);
    await user.click(within(grant).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await userRow('Bob Builder')).toHaveTextContent('User');
  });

  it('refuses to remove your own admin rights without asking the server', async () => {
    const api = fakeAdminApi();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = renderPage();
    await openTab(user, 'User Management');
    await user.click(
      within(await userRow('Ada Lovelace')).getByRole('button', {
        name: 'Remove Admin Ada Lovelace',
      }),
    );
    expect(alert).toHaveBeenCalledExactlyOnceWith(SELF_DEMOTION_REFUSED);
    expect(api.requests().filter((request) => request.startsWith('PUT'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Remove Admin Ada Lovelace' })).toBeEnabled();
  });

  it('only logs a failed status toggle, leaving the users unchanged', async () => {
    const api = fakeAdminApi({ fail: ['status'] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = renderPage();
    await screen.findByRole('progressbar', { name: 'Active users: 3 of 4' });
    await openTab(user, 'User Management');

    const disable = within(await userRow('Bob Builder')).getByRole('button', {
      name: 'Disable Bob Builder',
    });
    await user.click(disable);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(ADMIN_TEXT.statusFailed, expect.anything()),
    );
    await waitFor(() => expect(disable).toBeEnabled());
    expect(await userRow('Bob Builder')).toHaveTextContent('Active');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await openTab(user, 'Dashboard');
    expect(screen.getByRole('progressbar', { name: 'Active users: 3 of 4' })).toBeInTheDocument();
    expect(api.putsTo('/admin/users/u2/status')).toEqual([{ is_active: false }]);
  });

  it('shows the pending testimonials with rating and quote', async () => {
    fakeAdminApi();
    const user = renderPage();
    await openTab(user, 'Testimonials');
    expect(await within(panel()).findByText('2 pending')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Testimonial by Bob Builder' });
    expect(within(card).getByRole('heading', { name: 'Bob Builder' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Great courses!');
    expect(
      within(card).getByRole('button', { name: 'Approve testimonial by Bob Builder' }),
    ).toBeEnabled();
    expect(
      within(card).getByRole('button', { name: 'Reject testimonial by Bob Builder' }),
    ).toBeEnabled();
  });

  it('approves and rejects, removing the cards and counting down', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Review Testimonials' }));

    await user.click(
      await screen.findByRole('button', { name: 'Approve testimonial by Bob Builder' }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Testimonial by Bob Builder' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(panel()).getByText('1 pending')).toBeInTheDocument();
    expect(api.putsTo('/testimonials/admin/t1/approve')).toEqual([{ approved: true }]);

    await user.click(screen.getByRole('button', { name: 'Reject testimonial by Cleo Codes' }));
    expect(await screen.findByText(ADMIN_TEXT.noPending)).toBeInTheDocument();
    expect(within(panel()).getByText('0 pending')).toBeInTheDocument();
    expect(api.putsTo('/testimonials/admin/t2/approve')).toEqual([{ approved: false }]);

    await openTab(user, 'Dashboard');
    expect(within(panel()).getByText('0 pending')).toBeInTheDocument();
    expect(api.requests().filter((request) => request.startsWith('GET'))).toEqual([
      'GET /admin/dashboard',
      'GET /admin/testimonials/pending',
    ]);
  });

  it('only logs a failed review, keeping the card', async () => {
    fakeAdminApi({ fail: ['approve'] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = renderPage();
    await openTab(user, 'Testimonials');
    const approve = await screen.findByRole('button', {
      name: 'Approve testimonial by Bob Builder',
    });
    await user.click(approve);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(ADMIN_TEXT.approveFailed, expect.anything()),
    );
    await waitFor(() => expect(approve).toBeEnabled());
    expect(screen.getByRole('article', { name: 'Testimonial by Bob Builder' })).toBeInTheDocument();
    expect(within(panel()).getByText('2 pending')).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    fakeAdminApi({ users: [], pending: [] });
    const user = renderPage();
    await openTab(user, 'User Management');
    expect(await screen.findByText(ADMIN_TEXT.noUsers)).toBeInTheDocument();
    expect(ADMIN_TEXT.noUsers).toBe('No users found in the system');
    await openTab(user, 'Testimonials');
    expect(await screen.findByText(ADMIN_TEXT.noPending)).toBeInTheDocument();
    expect(ADMIN_TEXT.noPending).toBe('No pending testimonials to review');
  });

  it.each([
    ['dashboard', 'Dashboard', 'Failed to load dashboard data', 'Active users: 3 of 4'],
    ['users', 'User Management', 'Failed to load users', 'Users'],
    [
      'pending',
      'Testimonials',
      'Failed to load pending testimonials',
      'Testimonial by Bob Builder',
    ],
  ] as const)('shows the %s load error and retries', async (route, tabName, message, loaded) => {
    const api = fakeAdminApi({ fail: [route] });
    const user = renderPage();
    if (tabName !== 'Dashboard') await openTab(user, tabName);
    const error = await within(panel()).findByText(message);
    const path = {
      dashboard: '/admin/dashboard',
      users: '/admin/users',
      pending: '/admin/testimonials/pending',
    }[route];
    const loads = () => api.requests().filter((request) => request === `GET ${path}`).length;
    expect(loads()).toBe(1);

    api.heal(route);
    await user.click(
      within(error.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }),
    );
    const role = { dashboard: 'progressbar', users: 'table', pending: 'article' }[route];
    expect(await screen.findByRole(role, { name: loaded })).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(loads()).toBe(2);
  });

  it('disables only the reviewed card’s buttons while its review runs', async () => {
    const api = fakeAdminApi();
    const user = renderPage();
    await openTab(user, 'Testimonials');
    api.hold('approve');
    await user.click(
      await screen.findByRole('button', { name: 'Approve testimonial by Bob Builder' }),
    );
    const bob = screen.getByRole('article', { name: 'Testimonial by Bob Builder' });
    await waitFor(() =>
      expect(within(bob).getByRole('button', { name: /Approve/ })).toBeDisabled(),
    );
    expect(within(bob).getByRole('button', { name: /Reject/ })).toBeDisabled();
    const cleo = screen.getByRole('article', { name: 'Testimonial by Cleo Codes' });
    expect(within(cleo).getByRole('button', { name: /Approve/ })).toBeEnabled();
    api.release('approve');
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Testimonial by Bob Builder' }),
      ).not.toBeInTheDocument(),
    );
  });
});
