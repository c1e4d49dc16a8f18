import { activityPrices, discounted } from './activity-prices';

const variants = [
  { id: 'v1', sku: 'TEE-M', salePrice: 19.99 },
  { id: 'v2', sku: 'TEE-XL', salePrice: 24.5 },
];

describe('activity prices', () => {
  it('takes the discount off to the cent', () => {
    expect(discounted(19.99, 20)).toBe(15.99);
    expect(discounted(10, 15)).toBe(8.5);
    // 12.5 % of 0.99: 0.86625 rounds to 0.87.
    expect(discounted(0.99, 12.5)).toBe(0.87);
    expect(discounted(0.01, 99)).toBe(0.01);
  });

  it('prices each variant at VARIATION level', () => {
    expect(activityPrices('VARIATION', 20, variants)).toEqual([
      { variantId: 'v1', label: 'TEE-M', basePrice: 19.99, activityPrice: 15.99 },
      { variantId: 'v2', label: 'TEE-XL', basePrice: 24.5, activityPrice: 19.6 },
    ]);
  });

  it('gives the whole product one price from its lowest at PRODUCT level', () => {
    expect(activityPrices('PRODUCT', 20, variants)).toEqual([{ variantId: null, label: 'All 2 variants', basePrice: 19.99, activityPrice: 15.99 }]);
  });

  it('leaves out variants without a price', () => {
    expect(activityPrices('PRODUCT', 10, [{ id: 'v0', sku: 'FREE', salePrice: 0 }])).toEqual([]);
    expect(activityPrices('VARIATION', 10, [{ id: 'v0', sku: 'FREE', salePrice: 0 }, variants[0]!])).toHaveLength(1);
  });
});
