import type { ItemKind } from '@/gql/graphql';

export interface PricedVariant {
  id: string;
  sku: string;
  salePrice: number;
}

export interface ActivityPrice {
  /** The variant (VARIATION level) or null for the whole product (PRODUCT level). */
  variantId: string | null;
  label: string;
  /** The price the discount starts from. */
  basePrice: number;
  activityPrice: number;
}

/** `price` less `discount` percent, to the cent (half a cent rounds up), never below one cent. */
export function discounted(price: number, discount: number): number {
  const cents = Math.round(price * 100);
  const after = Math.round((cents * (100 - discount)) / 100);
  return Math.max(1, after) / 100;
}

/**
 * The activity prices a flash sale gives one product, as the schedule sends them to the
 * marketplace: at VARIATION level one per variant, from its own sale price; at PRODUCT level one
 * for the whole product, from its lowest sale price (the marketplace takes one price for every
 * SKU then, and it must stay under each SKU's own price).
 */
export function activityPrices(level: ItemKind, discount: number, variants: readonly PricedVariant[]): ActivityPrice[] {
  const priced = variants.filter((v) => Number.isFinite(v.salePrice) && v.salePrice > 0);
  if (priced.length === 0) return [];
  if (level === 'VARIATION') {
    return priced.map((v) => ({ variantId: v.id, label: v.sku, basePrice: v.salePrice, activityPrice: discounted(v.salePrice, discount) }));
  }
  const lowest = Math.min(...priced.map((v) => v.salePrice));
  return [{ variantId: null, label: priced.length === 1 ? (priced[0]?.sku ?? 'All variants') : `All ${priced.length} variants`, basePrice: lowest, activityPrice: discounted(lowest, discount) }];
}
