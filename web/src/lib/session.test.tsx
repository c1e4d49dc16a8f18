import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { makeToken, meOf, gqlError } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { TOKEN_STORAGE_KEY } from './token';
import { timezoneOf } from './auth';

describe('signing in', () => {
  it('stores the token, sends it from then on and honours the redirect', async () => {
    const token = makeToken({ sub: 'admin-1', role: 'ADMIN' });
    const app = renderApp(`${paths.auth.login}?redirect=${encodeURIComponent('/users/settings?x=1')}`, {
      handlers: {
        Login: (vars) => {
          expect(vars).toEqual({ input: { email: 'ada@example.test', password: 'secret-pass' } });
          return { body: { data: { login: { accessToken: token } } } };
        },
        Me: () => ({ body: { data: { getMe: meOf({ id: 'admin-1', role: 'ADMIN' }) } } }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.location()).toBe('/users/settings?x=1'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    const login = app.api.calls.find((c) => c.operationName === 'Login')!;
    // The address changes before the signed-in screen asks for Me: wait for that request.
    await waitFor(() => expect(app.api.calls.some((c) => c.operationName === 'Me')).toBe(true));
    const me = app.api.calls.find((c) => c.operationName === 'Me')!;
    expect(login.headers.has('authorization')).toBe(false);
    expect(me.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('shows the server message in an error toast when sign-in fails, and stays signed out', async () => {
    const app = renderApp(paths.auth.login, {
      handlers: { Login: () => gqlError('Wrong email or password', 'UNAUTHENTICATED') },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The server's terse words (they must not say which part was wrong) as a sentence.
    const toast = await screen.findByText('The email or the password is not right. Check both and try again.');
    expect(toast.closest('.p-toast-message')).toHaveClass('p-toast-message-error');
    expect(toast.closest('.p-toast-message')).toHaveTextContent('Failed');
    expect(app.location()).toBe(paths.auth.login);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('timezone', () => {
  it("prefers the user's TIMEZONE setting to the browser's", () => {
    expect(timezoneOf({ settings: [{ id: '1', name: 'TIMEZONE', value: 'Asia/Tokyo', createdAt: '' }] }, 'Europe/Paris')).toBe('Asia/Tokyo');
    expect(timezoneOf({ settings: [] }, 'Europe/Paris')).toBe('Europe/Paris');
    expect(timezoneOf(undefined, 'UTC')).toBe('UTC');
  });

  it('shows dates in the session timezone', async () => {
    renderApp(paths.users.settings, { user: { id: 'u1', role: 'STAFF', timezone: 'Asia/Tokyo' } });
    expect(await screen.findByTestId('effective-timezone')).toHaveTextContent('Asia/Tokyo');
    // Member since 2026-01-02T03:04:05Z is 12:04:05 in Tokyo.
    expect(screen.getByText(/Jan 02, 2026, 12:04:05/)).toBeInTheDocument();
  });
});
