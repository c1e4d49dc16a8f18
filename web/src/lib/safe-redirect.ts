/**
 * Turns a `redirect` query parameter into a same-origin path (path + query + hash), or null.
 * Anything that could leave the site (absolute URLs, protocol-relative `//host`, backslash tricks,
 * `javascript:`) is refused so the sign-in page can never be used as an open redirect.
 */
export function safeRedirectPath(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a newline or tab inside the path) are what the check is looking for.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login path that brings the visitor back to `target` (path + query) after signing in. */
export function loginPathFor(loginPath: string, target: string): string {
  if (!target || target === '/') return loginPath;
  return `${loginPath}?${new URLSearchParams({ redirect: target }).toString()}`;
}
