/**
 * A link or picture address that came from outside (a provider's tracking page, a print file, a
 * label): only an absolute http(s) URL is used, anything else (`javascript:`, `data:`, a relative
 * path that would land on our own origin) is shown as text or not at all.
 */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
