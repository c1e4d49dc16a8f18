import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { TOKEN_STORAGE_KEY } from '@/lib/token';
import { gqlError } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const admin = { id: 'admin-1', role: 'ADMIN' as const };
const staff = { id: 'staff-1', role: 'STAFF' as const };
const superAdmin = { id: 'root-1', role: 'SUPER_ADMIN' as const };
const promoted = { id: 'promo-1', role: 'STAFF' as const, promotionsEnabled: true };

const emptyPage = { items: [], pageInfo: { totalCount: 0, hasNextPage: false, hasPreviousPage: false } };
const monitorHandlers = {
  GetQueueStats: () => ({ body: { data: { getQueueStats: [] } } }),
  GetWorkers: () => ({ body: { data: { getWorkers: [] } } }),
  GetEventHistories: () => ({ body: { data: { getEventHistories: emptyPage } } }),
  GetUsers: () => ({ body: { data: { getUsers: emptyPage } } }),
};

async function settle(app: ReturnType<typeof renderApp>, expected: string) {
  await waitFor(() => expect(app.location()).toBe(expected));
}

describe('guards: visitors', () => {
  it('send a visitor on a protected route to sign in, keeping path and query', async () => {
    const app = renderApp('/users?page=2&q=ann');
    await settle(app, `${paths.auth.login}?redirect=${encodeURIComponent('/users?page=2&q=ann')}`);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('treat a token that does not decode as signed out and drop it', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'not-a-token');
    const app = renderApp('/dashboard', { token: 'not-a-token' });
    await settle(app, `${paths.auth.login}?redirect=%2Fdashboard`);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(app.api.calls).toHaveLength(0);
  });

  it('lead / to the dashboard, hence to sign in', async () => {
    const app = renderApp('/');
    await settle(app, `${paths.auth.login}?redirect=%2Fdashboard`);
  });

  it('show the public screens to visitors', async () => {
    renderApp(paths.auth.register);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('show a not-found screen with a way back for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to dashboard' })).toBeInTheDocument();
  });
});

describe('guards: signed in', () => {
  it('send a signed-in user away from public routes to the redirect parameter', async () => {
    const app = renderApp(`${paths.auth.login}?redirect=${encodeURIComponent('/users/settings?tab=tz')}`, { user: admin });
    await settle(app, '/users/settings?tab=tz');
  });

  it('never follow a redirect parameter off the site', async () => {
    const app = renderApp(`${paths.auth.login}?redirect=${encodeURIComponent('https://evil.example/x')}`, { user: admin });
    await settle(app, paths.dashboard);
    const app2 = renderApp(`${paths.auth.register}?redirect=${encodeURIComponent('//evil.example')}`, { user: admin });
    await settle(app2, paths.dashboard);
  });

  it('let ADMIN open /users and keep STAFF out', async () => {
    const a = renderApp(paths.users.list, { user: admin, handlers: monitorHandlers });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    a.unmount();
    const s = renderApp(paths.users.list, { user: staff });
    await settle(s, paths.dashboard);
  });

  it('send STAFF off a forbidden route to its redirect parameter when present', async () => {
    const app = renderApp(`${paths.fulfillments.providers}?redirect=${encodeURIComponent('/orders?status=CANCELLED')}`, { user: staff });
    await settle(app, '/orders?status=CANCELLED');
  });

  it('keep /monitors and /clients for SUPER_ADMIN', async () => {
    const a = renderApp(paths.monitors, { user: admin });
    await settle(a, paths.dashboard);
    a.unmount();
    const c = renderApp('/clients/abc', { user: admin });
    await settle(c, paths.dashboard);
    c.unmount();
    renderApp(paths.monitors, { user: superAdmin, handlers: monitorHandlers });
    expect(await screen.findByRole('heading', { name: 'Monitors' })).toBeInTheDocument();
  });

  it('open the promotion routes only to the promotions client', async () => {
    const screens: [string, string][] = [
      [paths.shops.promotions, 'Promotions'],
      [paths.shops.promotionsCreate, 'New promotion'],
      [paths.promotionSettings, 'Promotion settings'],
    ];
    for (const [path, title] of screens) {
      const denied = renderApp(path, { user: admin });
      await settle(denied, paths.dashboard);
      denied.unmount();
      const allowed = renderApp(path, { user: promoted });
      expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
      expect(allowed.location()).toBe(path);
      allowed.unmount();
    }
  });

  it('show the not-found screen on /spy-products, inside the app', async () => {
    renderApp(paths.spyProducts, { user: staff });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('name the screen of areas not built yet', async () => {
    renderApp('/orders/o-1', { user: staff });
    expect(await screen.findByRole('heading', { name: 'Order' })).toBeInTheDocument();
  });

  it('show only the navigation a user may open', async () => {
    renderApp(paths.dashboard, { user: staff });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Products/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Users/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Monitors/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Promotions/ })).toBeNull();
  });

  it('show the platform entries to SUPER_ADMIN', async () => {
    renderApp(paths.dashboard, { user: superAdmin });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: /Monitors/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Clients/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Users/ })).toBeInTheDocument();
  });

  it('show a spinner while the user and the screen load', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    renderApp(paths.dashboard, {
      user: admin,
      handlers: {
        Me: async () => {
          await gate;
          return { body: { data: { getMe: { ...(await import('@/testing/fake-api')).meOf(admin) } } } };
        },
      },
    });
    expect(await screen.findByTestId('page-spinner')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: /Ada/ })).toBeInTheDocument();
  });
});

describe('signing out', () => {
  it('goes to sign in without a redirect and forgets the token', async () => {
    const app = renderApp('/users/settings', { user: staff });
    const user = (await import('@testing-library/user-event')).default.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    await settle(app, paths.auth.login);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('session errors', () => {
  it('sign out on UNAUTHENTICATED and come back to sign in with the redirect', async () => {
    const app = renderApp('/users/settings', { user: admin, handlers: { Me: () => gqlError('token revoked', 'UNAUTHENTICATED') } });
    await settle(app, `${paths.auth.login}?redirect=${encodeURIComponent('/users/settings')}`);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('show need-payment when an answer says PAYMENT_REQUIRED', async () => {
    renderApp(paths.users.list, {
      user: admin,
      handlers: { GetUsers: () => ({ body: { data: null, errors: [{ message: 'PAYMENT_REQUIRED', extensions: { code: 'PAYMENT_REQUIRED' } }] } }) },
    });
    const banner = await screen.findByTestId('need-payment');
    expect(within(banner).getByRole('link')).toHaveAttribute('href', paths.subscriptions.list);
  });
});
