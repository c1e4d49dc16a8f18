import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { TOKEN_STORAGE_KEY } from '@/lib/token';
import { createQueryClient } from '@/lib/query-client';
import { createFakeApi, makeToken, meOf, type FakeUser } from './fake-api';

export interface RenderAppOptions {
  /** Signed in as this user (a token is stored and Me answers with it). */
  user?: FakeUser;
  token?: string;
  handlers?: Parameters<typeof createFakeApi>[0];
}

/** The whole app (real routes, guards and providers) at `path`, against a fake API. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const handlers = { ...(options.handlers ?? {}) };
  if (options.user) {
    const user = options.user;
    handlers.Me ??= () => ({ body: { data: { getMe: meOf(user) } } });
  }
  const api = createFakeApi(handlers);
  const token = options.token ?? (options.user ? makeToken({ sub: options.user.id, role: options.user.role }) : undefined);
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient} endpoint="/graphql" fetch={api.fetch}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...utils, api, router, location, queryClient };
}

/** One component (not a route) inside the app's providers, against a fake API. */
export function renderWithProviders(ui: ReactNode, options: RenderAppOptions = {}) {
  const handlers = { ...(options.handlers ?? {}) };
  if (options.user) {
    const user = options.user;
    handlers.Me ??= () => ({ body: { data: { getMe: meOf(user) } } });
  }
  const api = createFakeApi(handlers);
  const token = options.token ?? (options.user ? makeToken({ sub: options.user.id, role: options.user.role }) : undefined);
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const queryClient = createQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient} endpoint="/graphql" fetch={api.fetch}>
      {ui}
    </AppProvider>,
  );
  return { ...utils, api, queryClient };
}
