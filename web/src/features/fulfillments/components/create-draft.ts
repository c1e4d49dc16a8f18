import type { CreateFulfillmentOrderInput, FulfillmentItemInput } from '@/gql/graphql';
import type { ProductDesign, SkuMapping, SourceItem, SourceOrder } from '../api/fulfillment-orders';

/** What an order item goes to at the provider. */
export interface VariantChoice {
  /** The provider's SKU, in the form its connector takes (Printify: `blueprint:printProvider:variant`). */
  sku: string;
  /** How a seller recognises it: product and variant. */
  label: string;
  image: string | null;
  /** Base cost of one unit, when the catalogue says. */
  cost: number | null;
  /**
   * Where the choice came from: picked for this item, copied from another item of the same
   * variant, saved on the product, inherited from its template.
   */
  source: 'picked' | 'copied' | 'saved' | 'template';
}

export interface DraftItem {
  orderItemId: string;
  name: string;
  skuName: string | null;
  image: string | null;
  quantity: number;
  /** Items of the same product variant share this key; a choice for one fills the others. */
  matchKey: string | null;
  include: boolean;
  choice: VariantChoice | null;
  designFrontUrl: string;
  designBackUrl: string;
}

export interface DraftOrder {
  orderId: string;
  externalOrderId: string;
  shopName: string;
  recipient: string[];
  /** The marketplace has not released the recipient (the provider cannot ship without it). */
  recipientMissing: boolean;
  items: DraftItem[];
}

/** Printify's catalogue is three levels deep; its connector takes the three ids as one SKU. */
export const printifySku = (blueprintId: string, printProviderId: string, variantId: string) => `${blueprintId}:${printProviderId}:${variantId}`;

/** The same product variant across orders: the marketplace's SKU id, else our product and variant name, else the seller SKU. */
export function matchKeyOf(i: Pick<SourceItem, 'skuId' | 'catalogueProductId' | 'skuName' | 'sellerSku'>): string | null {
  if (i.skuId) return `sku:${i.skuId}`;
  if (i.catalogueProductId) return `product:${i.catalogueProductId}:${i.skuName ?? ''}`;
  if (i.sellerSku) return `seller:${i.sellerSku}`;
  return null;
}

/** The design kept for an item's variant: one made for that variant, else one for every variant, else any. */
export function designFor(designs: ProductDesign[], skuName: string | null): ProductDesign | null {
  const name = skuName?.trim().toLowerCase();
  return (
    (name ? designs.find((d) => d.variant?.trim().toLowerCase() === name) : undefined) ??
    designs.find((d) => !d.variant) ??
    designs[0] ??
    null
  );
}

export function recipientOf(o: SourceOrder): { lines: string[]; missing: boolean } {
  const street = [o.recipientAddress1, o.recipientAddress2].filter(Boolean).join(', ') || o.recipientAddress;
  const city = [o.recipientCity, o.recipientState, o.recipientPostalCode].filter(Boolean).join(', ');
  const lines = [o.recipientName, street, city, o.recipientRegionCode].filter((l): l is string => !!l);
  return { lines, missing: !o.recipientName || !(street && o.recipientCity) };
}

/** A marketplace order as a draft: every item included, designs from the catalogue, nothing chosen yet. */
export function draftOf(o: SourceOrder, designsByProduct: Map<string, ProductDesign[]>): DraftOrder {
  const { lines, missing } = recipientOf(o);
  return {
    orderId: o.id,
    externalOrderId: o.externalOrderId,
    shopName: o.shop.name,
    recipient: lines,
    recipientMissing: missing,
    items: o.items.map((i) => {
      const design = i.catalogueProductId ? designFor(designsByProduct.get(i.catalogueProductId) ?? [], i.skuName) : null;
      return {
        orderItemId: i.id,
        name: i.productName,
        skuName: i.skuName,
        image: i.skuImage,
        quantity: i.quantity,
        matchKey: matchKeyOf(i),
        include: true,
        choice: null,
        designFrontUrl: design?.designFrontUrl ?? '',
        designBackUrl: design?.designBackUrl ?? '',
      };
    }),
  };
}

/** Fills items nobody has chosen for yet with what is saved for their product variant. */
export function applySaved(orders: DraftOrder[], saved: SkuMapping[]): DraftOrder[] {
  const byItem = new Map(saved.map((m) => [m.orderItemId, m]));
  return orders.map((o) => ({
    ...o,
    items: o.items.map((i) => {
      const m = byItem.get(i.orderItemId);
      if (!m || i.choice) return i;
      return {
        ...i,
        choice: { sku: m.fulfillmentSku, label: m.fulfillmentSku, image: null, cost: m.cost, source: m.fromTemplate ? 'template' : 'saved' },
        designFrontUrl: m.designFrontUrl ?? i.designFrontUrl,
        designBackUrl: m.designBackUrl ?? i.designBackUrl,
      };
    }),
  }));
}

/**
 * A choice for one item, and for every other item of the same product variant not chosen by
 * hand already: the seller maps a SKU once per batch. Returns the new drafts and how many other
 * items took the choice.
 */
export function choose(orders: DraftOrder[], orderItemId: string, choice: VariantChoice): { orders: DraftOrder[]; alsoFilled: number } {
  const target = orders.flatMap((o) => o.items).find((i) => i.orderItemId === orderItemId);
  const key = target?.matchKey ?? null;
  let alsoFilled = 0;
  const next = orders.map((o) => ({
    ...o,
    items: o.items.map((i) => {
      if (i.orderItemId === orderItemId) return { ...i, choice };
      if (key && i.matchKey === key && i.choice?.source !== 'picked') {
        alsoFilled += 1;
        return { ...i, choice: { ...choice, source: 'copied' as const } };
      }
      return i;
    }),
  }));
  return { orders: next, alsoFilled };
}

export interface CostSummary {
  /** The sum of the known unit costs × quantities. */
  known: number;
  units: number;
  /** Items (included, chosen) whose catalogue states no cost. */
  unpriced: number;
}

export function costOf(items: Pick<DraftItem, 'include' | 'choice' | 'quantity'>[]): CostSummary {
  let known = 0;
  let units = 0;
  let unpriced = 0;
  for (const i of items) {
    if (!i.include || !i.choice) continue;
    units += i.quantity;
    if (i.choice.cost === null) unpriced += 1;
    else known += i.choice.cost * i.quantity;
  }
  return { known: Math.round(known * 100) / 100, units, unpriced };
}

/** Included items still waiting for a provider variant. */
export const unmapped = (o: DraftOrder) => o.items.filter((i) => i.include && !i.choice);

/** An order goes when it has at least one included item and every included item is mapped. */
export const isReady = (o: DraftOrder) => o.items.some((i) => i.include) && unmapped(o).length === 0;

const blankToUndefined = (v: string) => (v.trim() ? v.trim() : undefined);

export function itemInput(i: Pick<DraftItem, 'quantity' | 'choice' | 'image' | 'designFrontUrl' | 'designBackUrl'> & { orderItemId?: string }): FulfillmentItemInput {
  const input: FulfillmentItemInput = { fulfillmentSku: i.choice?.sku ?? '', quantity: i.quantity };
  if (i.orderItemId) input.orderItemId = i.orderItemId;
  const image = i.image ?? i.choice?.image;
  if (image) input.image = image;
  const front = blankToUndefined(i.designFrontUrl);
  const back = blankToUndefined(i.designBackUrl);
  if (front) input.designFrontUrl = front;
  if (back) input.designBackUrl = back;
  return input;
}

/** The mutation's input: the included items; the shipping comes from the order's recipient. */
export function toCreateInput(o: DraftOrder, providerId: string): CreateFulfillmentOrderInput {
  return { orderId: o.orderId, providerId, items: o.items.filter((i) => i.include).map((i) => itemInput(i)) };
}
