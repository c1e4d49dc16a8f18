import { applySaved, choose, costOf, designFor, draftOf, isReady, matchKeyOf, toCreateInput, type DraftOrder, type VariantChoice } from './create-draft';
import { orderIdsOf, MAX_ORDERS } from './create-fulfillment-screen';

function sourceOrder(id: string, items: { id: string; skuId?: string | null; productId?: string | null; skuName?: string | null; quantity?: number }[]) {
  return {
    id,
    externalOrderId: `ext-${id}`,
    status: 'AWAITING_FULFILLMENT' as const,
    marketplaceStatus: 'AWAITING_SHIPMENT',
    recipientName: 'Grace Hopper',
    recipientPhone: null,
    recipientAddress: null,
    recipientAddress1: '1 Navy Way',
    recipientAddress2: null,
    recipientCity: 'Arlington',
    recipientState: 'VA',
    recipientRegionCode: 'US',
    recipientPostalCode: '22201',
    shop: { id: 'shop-1', name: 'Tees US' },
    items: items.map((i) => ({
      id: i.id,
      productName: 'Classic tee',
      skuName: i.skuName ?? 'Black / L',
      skuImage: null,
      quantity: i.quantity ?? 1,
      sellerSku: null,
      skuId: i.skuId ?? null,
      catalogueProductId: i.productId ?? null,
    })),
  };
}

const design = (variant: string | null, front: string) => ({ id: `d-${front}`, variant, designFrontUrl: front, designBackUrl: null, images: [] });
const picked = (sku: string, cost: number | null = 5): VariantChoice => ({ sku, label: sku, image: null, cost, source: 'picked' });

describe('fulfilment drafts', () => {
  it('takes the design made for the item’s variant, else the one for every variant', () => {
    const designs = [design('White / M', 'white'), design(null, 'all'), design('Black / L', 'black')];
    expect(designFor(designs, 'black / l')?.designFrontUrl).toBe('black');
    expect(designFor(designs, 'Red / S')?.designFrontUrl).toBe('all');
    expect(designFor([design('White / M', 'white')], 'Red / S')?.designFrontUrl).toBe('white');
    expect(designFor([], 'Red / S')).toBeNull();
  });

  it('knows items of the same variant by the marketplace SKU, our product and variant, or the seller SKU', () => {
    expect(matchKeyOf({ skuId: 's1', catalogueProductId: 'p1', skuName: 'L', sellerSku: 'X' })).toBe('sku:s1');
    expect(matchKeyOf({ skuId: null, catalogueProductId: 'p1', skuName: 'L', sellerSku: 'X' })).toBe('product:p1:L');
    expect(matchKeyOf({ skuId: null, catalogueProductId: null, skuName: 'L', sellerSku: 'X' })).toBe('seller:X');
    expect(matchKeyOf({ skuId: null, catalogueProductId: null, skuName: 'L', sellerSku: null })).toBeNull();
  });

  it('fills every item of the same variant with one choice, but never one chosen by hand', () => {
    const designs = new Map([['p1', [design(null, 'https://cdn.test/front.png')]]]);
    let orders: DraftOrder[] = [
      draftOf(sourceOrder('o1', [{ id: 'i1', skuId: 's1', productId: 'p1' }, { id: 'i2', skuId: 's2' }]), designs),
      draftOf(sourceOrder('o2', [{ id: 'i3', skuId: 's1' }]), designs),
      draftOf(sourceOrder('o3', [{ id: 'i4', skuId: 's1' }]), designs),
    ];
    expect(orders[0]!.items[0]!.designFrontUrl).toBe('https://cdn.test/front.png');
    orders = choose(orders, 'i4', picked('OTHER')).orders;
    const result = choose(orders, 'i1', picked('GM-BL-L'));
    expect(result.alsoFilled).toBe(1);
    const sku = (id: string) => result.orders.flatMap((o) => o.items).find((i) => i.orderItemId === id)?.choice?.sku;
    expect([sku('i1'), sku('i2'), sku('i3'), sku('i4')]).toEqual(['GM-BL-L', undefined, 'GM-BL-L', 'OTHER']);
    expect(isReady(result.orders[0]!)).toBe(false);
    expect(isReady(result.orders[1]!)).toBe(true);
  });

  it('pre-fills what is saved for a product without undoing a choice', () => {
    const orders = [draftOf(sourceOrder('o1', [{ id: 'i1' }, { id: 'i2' }]), new Map())];
    const chosen = choose(orders, 'i2', picked('MINE')).orders;
    const saved = applySaved(chosen, [
      { orderItemId: 'i1', fulfillmentSku: 'SAVED', designFrontUrl: 'https://cdn.test/saved.png', designBackUrl: null, fromTemplate: true, cost: 3 },
      { orderItemId: 'i2', fulfillmentSku: 'SAVED', designFrontUrl: null, designBackUrl: null, fromTemplate: false, cost: 3 },
    ]);
    expect(saved[0]!.items.map((i) => [i.choice?.sku, i.choice?.source, i.designFrontUrl])).toEqual([
      ['SAVED', 'template', 'https://cdn.test/saved.png'],
      ['MINE', 'picked', ''],
    ]);
  });

  it('adds up the known costs, counts what the provider prices itself, and leaves out what is left out', () => {
    expect(
      costOf([
        { include: true, quantity: 2, choice: picked('A', 7.5) },
        { include: true, quantity: 1, choice: picked('B', null) },
        { include: false, quantity: 5, choice: picked('C', 100) },
        { include: true, quantity: 1, choice: null },
      ]),
    ).toEqual({ known: 15, units: 3, unpriced: 1 });
  });

  it('sends the included items with their print files; the address comes from the order', () => {
    const [o] = [draftOf(sourceOrder('o1', [{ id: 'i1', quantity: 2 }, { id: 'i2' }]), new Map())];
    const draft = { ...o!, items: [{ ...o!.items[0]!, choice: picked('GM-BL-L'), designFrontUrl: ' https://cdn.test/f.png ' }, { ...o!.items[1]!, include: false }] };
    expect(toCreateInput(draft, 'fp-2')).toEqual({
      orderId: 'o1',
      providerId: 'fp-2',
      items: [{ orderItemId: 'i1', fulfillmentSku: 'GM-BL-L', quantity: 2, designFrontUrl: 'https://cdn.test/f.png' }],
    });
  });

  it('reads the chosen orders from the address, once each and at most a page', () => {
    expect(orderIdsOf('a, b,,a')).toEqual({ ids: ['a', 'b'], dropped: 0 });
    expect(orderIdsOf(null)).toEqual({ ids: [], dropped: 0 });
    const many = Array.from({ length: MAX_ORDERS + 3 }, (_, i) => `o${i}`).join(',');
    expect(orderIdsOf(many).ids).toHaveLength(MAX_ORDERS);
    expect(orderIdsOf(many).dropped).toBe(3);
  });
});
