import { pathTo, paths } from '@/config/paths';

/** One listing refusal as ShopProduct.errors gives it. */
export interface ListingFieldError {
  field?: string | null;
  message: string;
}

/**
 * Where a seller fixes what a marketplace refused: the product's edit screen with `?fix=<field>`,
 * which focuses and highlights that field. Null when the refusal names no field.
 */
export function listingFixLink(productId: string, field: string | null | undefined): string | null {
  if (!field) return null;
  return `${pathTo(paths.products.edit, { productId })}?fix=${encodeURIComponent(field)}`;
}

/** A template field refused on save: the template's edit screen focused on it. */
export function templateFixLink(templateId: string, field: string): string {
  return `${pathTo(paths.productTemplates.edit, { templateId })}?fix=${encodeURIComponent(field)}`;
}
