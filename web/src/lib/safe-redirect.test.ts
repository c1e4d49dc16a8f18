import { loginPathFor, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  const origin = 'http://127.0.0.1:8080';

  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirectPath('/users?page=2#top', origin)).toBe('/users?page=2#top');
    expect(safeRedirectPath('/orders/abc', origin)).toBe('/orders/abc');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
    '/\tjavascript:alert(1)',
    '',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value, origin)).toBeNull();
  });

  it('builds the login path that comes back to path and query', () => {
    expect(loginPathFor('/auth/login', '/users?page=2&q=a b')).toBe('/auth/login?redirect=%2Fusers%3Fpage%3D2%26q%3Da+b');
    expect(loginPathFor('/auth/login', '/')).toBe('/auth/login');
  });
});
