/**
 * The nonce the server gave this page for inline styles, which PrimeReact injects (its component
 * CSS, dialog breakpoints): the Content-Security-Policy allows only style elements that carry it.
 * The server writes a fresh one per page into `<meta property="csp-nonce">` (Vite's `html.cspNonce`);
 * undefined where there is none (unit tests).
 */
export function styleNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute's value from getAttribute once the page is parsed; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce || undefined;
}
