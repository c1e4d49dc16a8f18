import { Fragment } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { formatMoney, formatPercent } from '@/lib/money';
import { usePriceVariants, type PriceVariant } from '../api/catalog';
import type { PromotionPlan } from '../api/plans';
import { activityPrices, type PricedVariant } from './activity-prices';
import { productLevelLabels } from './labels';

/** How many products the preview prices (one variants request each). */
export const PREVIEW_LIMIT = 10;

const variantLabel = (v: PriceVariant) => {
  const values = v.attributes.map((a) => a.value).filter(Boolean);
  return values.length ? values.join(' / ') : v.sku;
};

export interface PricePreviewProps {
  plan: PromotionPlan;
  products: { id: string; name: string }[];
}

/** The flash-sale prices the plan gives these products, from their catalogue sale prices. */
export function PricePreview({ plan, products }: PricePreviewProps) {
  const shown = products.slice(0, PREVIEW_LIMIT);
  const variants = usePriceVariants(shown.map((p) => p.id));
  if (variants.error) return <ErrorState error={variants.error} />;
  if (variants.isPending) return <LinesSkeleton lines={Math.min(4, shown.length + 1)} label="Loading prices" />;
  return (
    <div className="stack-sm">
      <p className="muted small">
        {formatPercent(plan.discount)} off, {productLevelLabels[plan.productLevel].toLowerCase()}: prices from the catalogue; the marketplace's own price of a listing may differ.
      </p>
      <table className="price-preview" data-testid="price-preview" aria-label="Flash-sale prices">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">{plan.productLevel === 'VARIATION' ? 'Variant' : 'Applies to'}</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Flash-sale price
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((product) => {
            const priced: PricedVariant[] = (variants.byProduct.get(product.id) ?? []).map((v) => ({ id: v.id, sku: variantLabel(v), salePrice: v.salePrice }));
            const prices = activityPrices(plan.productLevel, plan.discount, priced);
            if (prices.length === 0) {
              return (
                <tr key={product.id}>
                  <td>{product.name}</td>
                  <td colSpan={3} className="muted">
                    No priced variant: the marketplace will refuse it
                  </td>
                </tr>
              );
            }
            return (
              <Fragment key={product.id}>
                {prices.map((price, i) => (
                  <tr key={price.variantId ?? 'product'} data-testid={`preview-${product.id}-${price.variantId ?? 'product'}`}>
                    <td>{i === 0 ? product.name : null}</td>
                    <td>{price.label}</td>
                    <td className="num">{formatMoney(price.basePrice)}</td>
                    <td className="num">
                      <strong>{formatMoney(price.activityPrice)}</strong>
                    </td>
                  </tr>
                ))}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {products.length > PREVIEW_LIMIT ? <p className="muted small">Showing the first {PREVIEW_LIMIT} of {products.length} products.</p> : null}
    </div>
  );
}
