import DOMPurify from 'dompurify';
import { useMemo, type HTMLAttributes } from 'react';

/**
 * What HTML from outside (marketplace descriptions, written by any user of the client) may keep:
 * text formatting, no attributes at all — so no handlers, links, styles, images or forms.
 */
const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'u', 'span'];

/**
 * The one sanitizer of the app: every piece of HTML that reaches the DOM goes through it.
 * Elements outside the list are dropped but their text stays (DOMPurify sanitizes the hoisted
 * children too); script, style and similar elements go with their content.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

export interface SafeHtmlProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/**
 * Shows outside HTML as formatted text, sanitized once per value. (Chromium logs a CSP violation
 * for each inline handler or style it meets while DOMPurify parses hostile HTML, blocked and never
 * run; parsing once keeps that to one report per value.)
 */
export function SafeHtml({ html, ...rest }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
