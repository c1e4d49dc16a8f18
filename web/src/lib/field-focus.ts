import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Fields named by the API (`packageWeight`, `attributes.100198`, `variants.1.salePrice`…) and the
 * form controls that hold them. A refusal or a "Fix" link names the field; the form focuses it.
 */

/** A field name as the API spells it: letters, digits, dots, underscores. Anything else is ignored. */
const FIELD = /^[A-Za-z][A-Za-z0-9_.]{0,120}$/;

/** The `?fix=<field>` of a URL's search string, when it names a field. */
export function fixParam(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get('fix');
  return value && FIELD.test(value) ? value : null;
}

/**
 * The id of the control holding `field` on a form whose ids start with `prefix` (`template`,
 * `product`). Unknown fields answer null: nothing to focus.
 */
export function fieldElementId(prefix: string, field: string): string | null {
  if (!FIELD.test(field)) return null;
  const [head, second] = field.split('.');
  switch (head) {
    case 'packageWeight':
      return `${prefix}-package-weight`;
    case 'packageDimensions':
      return `${prefix}-package-width`;
    case 'tiktokCategoryId':
      return `${prefix}-category`;
    case 'tiktokBrandId':
      return `${prefix}-brand`;
    case 'sizeChart':
      return `${prefix}-size-chart`;
    case 'name':
    case 'title':
    case 'description':
      return `${prefix}-${head}`;
    case 'amazonProductType':
      return `${prefix}-amazon-product-type`;
    case 'amazonAttributes':
      return `${prefix}-amazon-attributes`;
    case 'walmartCategory':
      return `${prefix}-walmart-category`;
    case 'walmartItemSpec':
      return `${prefix}-walmart-item-spec`;
    case 'attributes':
    case 'tiktokProductAttribute':
      return second ? `attr-${second}` : null;
    case 'images':
      return `${prefix}-images`;
    case 'variants':
    case 'sku':
      return `${prefix}-variants`;
    default:
      return null;
  }
}

/** How long a focused field stays highlighted. */
const HIGHLIGHT_MS = 4000;

/** Scrolls to the control with `id`, focuses it and highlights its field for a moment. */
export function focusField(id: string | null): boolean {
  if (!id) return false;
  const element = document.getElementById(id);
  if (!element) return false;
  const field = element.closest('.field') ?? element;
  field.classList.add('field-highlight');
  window.setTimeout(() => field.classList.remove('field-highlight'), HIGHLIGHT_MS);
  if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
  return true;
}

/**
 * Focuses the field a `?fix=` link names once the form is on screen (`ready`), once per link.
 */
export function useFixParam(prefix: string, ready: boolean) {
  const [params] = useSearchParams();
  const field = fixParam(params);
  useEffect(() => {
    if (!ready || !field) return;
    // After the controls of the field (a category's attributes) have rendered.
    const timer = window.setTimeout(() => focusField(fieldElementId(prefix, field)), 0);
    return () => window.clearTimeout(timer);
  }, [prefix, field, ready]);
  return field;
}
