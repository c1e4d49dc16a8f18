import { Fragment } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { formatMoney, formatPercent } from '@/lib/money';
import { useLiveProducts, usePriceVariants, type LiveProduct, type PriceVariant } from '../api/catalog';
import type { PromotionPlan } from '../api/plans';
import { activityPrices, type PricedVariant } from './activity-prices';
import { productLevelLabels } from './labels';

/** How many products the preview prices. */
export const PREVIEW_LIMIT = 10;

export interface PreviewProduct {
  id: string;
  name: string;
  variants: PricedVariant[];
}

/** The flash-sale prices the plan gives these products, one row per price. */
export function PriceTable({ plan, products }: { plan: PromotionPlan; products: PreviewProduct[] }) {
  return (
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
        {products.map((product) => {
          const prices = activityPrices(plan.productLevel, plan.discount, product.variants);
          if (prices.length === 0) {
            return (
              <tr key={product.id} data-testid={`preview-${product.id}`}>
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
  );
}

function Terms({ plan, source }: { plan: PromotionPlan; source: string }) {
  return (
    <p className="muted small">
      {formatPercent(plan.discount)} off, {productLevelLabels[plan.productLevel].toLowerCase()}, from {source}.
    </p>
  );
}

const variantLabel = (v: PriceVariant) => {
  const values = v.attributes.map((a) => a.value).filter(Boolean);
  return values.length ? values.join(' / ') : v.sku;
};

/** Chosen catalogue products, priced from their variants' sale prices in the catalogue. */
export function CataloguePricePreview({ plan, products }: { plan: PromotionPlan; products: { id: string; name: string }[] }) {
  const shown = products.slice(0, PREVIEW_LIMIT);
  const variants = usePriceVariants(shown.map((p) => p.id));
  if (variants.error) return <ErrorState error={variants.error} />;
  if (variants.isPending) return <LinesSkeleton lines={Math.min(4, shown.length + 1)} label="Loading prices" />;
  const rows = shown.map((p) => ({ id: p.id, name: p.name, variants: (variants.byProduct.get(p.id) ?? []).map((v) => ({ id: v.id, sku: variantLabel(v), salePrice: v.salePrice })) }));
  return (
    <div className="stack-sm">
      <Terms plan={plan} source="the catalogue's prices (a listing's own price on a shop may differ)" />
      <PriceTable plan={plan} products={rows} />
      {products.length > PREVIEW_LIMIT ? <p className="muted small">Showing the first {PREVIEW_LIMIT} of {products.length} products.</p> : null}
    </div>
  );
}

const liveRow = (p: LiveProduct): PreviewProduct => ({
  id: p.id,
  name: p.title,
  variants: p.skus.map((s) => ({ id: s.id, sku: s.seller_sku || s.id, salePrice: Number(s.price?.sale_price ?? NaN) })),
});

/** Every live product of a shop: the marketplace's own products and prices, read through. */
export function LivePricePreview({ plan, shopId, shopName }: { plan: PromotionPlan; shopId: string; shopName: string }) {
  const live = useLiveProducts(shopId, PREVIEW_LIMIT);
  if (live.isError) return <ErrorState error={live.error} onRetry={() => void live.refetch()} />;
  if (live.isPending) return <LinesSkeleton lines={3} label="Loading live products" />;
  if (live.data.products.length === 0) {
    return (
      <p className="muted" data-testid="no-live-products">
        No product is live on {shopName}: nothing would be in the sale there.
      </p>
    );
  }
  return (
    <div className="stack-sm">
      <Terms plan={plan} source={`the prices on TikTok Shop of the products live on ${shopName}`} />
      <PriceTable plan={plan} products={live.data.products.map(liveRow)} />
      {live.data.total_count > live.data.products.length ? (
        <p className="muted small">
          Showing {live.data.products.length} of the {live.data.total_count} live products.
        </p>
      ) : null}
    </div>
  );
}
