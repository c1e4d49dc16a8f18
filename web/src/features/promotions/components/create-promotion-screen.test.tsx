import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { checkboxInput, gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

// The seller works in Ho Chi Minh City (UTC+7), whatever zone the test machine runs in.
const seller = { id: 'admin-1', role: 'ADMIN' as const, promotionsEnabled: true, timezone: 'Asia/Ho_Chi_Minh' };
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const variation = { id: 'plan-1', title: 'Weekend flash', type: 'FLASHSALE', duration: 48, productLevel: 'VARIATION', discount: 20 };
const whole = { id: 'plan-2', title: 'Daily deal', type: 'FLASHSALE', duration: 24, productLevel: 'PRODUCT', discount: 10 };
const shops = [
  { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-2', name: 'Tees GB', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
];
const product = (id: string, name: string, live: string[]) => ({
  id,
  name,
  images: [],
  publishedShops: live.map((s) => ({ id: s, name: shops.find((x) => x.id === s)!.name, liveStatus: 'LIVE' })),
});
const products = [product('p1', 'Classic tee — Sunset', ['shop-1']), product('p2', 'Mug — Ocean', ['shop-2']), product('p3', 'Hoodie — Night', [])];
const variant = (id: string, size: string, salePrice: number) => ({ id, sku: `SKU-${id}`, salePrice, quantity: 10, attributes: [{ id: `a-${id}`, value: size, attribute: { id: 'size', name: 'Size' } }] });
const variants: Record<string, ReturnType<typeof variant>[]> = {
  p1: [variant('v1', 'M', 19.99), variant('v2', 'XL', 24.5)],
  p2: [variant('v3', '11oz', 12), variant('v4', '15oz', 14.99)],
  p3: [variant('v5', 'L', 39)],
};
const sku = (id: string, price: string) => ({ id, seller_sku: `TEE-${id}`, price: { currency: 'USD', sale_price: price } });
const live: Record<string, unknown[]> = {
  'shop-1': [{ id: '1729', title: 'Retro Sunset Graphic Tee', status: 'ACTIVATE', skus: [sku('s1', '19.99'), sku('s2', '24.50')] }],
  'shop-2': [{ id: '1730', title: 'Ocean Mug', status: 'ACTIVATE', skus: [sku('s3', '12.00')] }],
};
const batch = { id: 'b-promo', type: 'promotion.schedule', total: 1, pending: 0, processing: 0, succeeded: 1, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] };

type Handlers = NonNullable<Parameters<typeof renderApp>[1]>['handlers'];

function handlers(extra: Handlers = {}): Handlers {
  return {
    GetPromotionPlans: () => ok({ getPromotionPlans: [variation, whole] }),
    ShopOptions: () => ok({ getShops: pageOf(shops) }),
    PromotionProducts: (v) => {
      const shopId = (v?.filter as { shopId?: string }).shopId;
      return ok({ getProducts: pageOf(shopId ? products.filter((p) => p.publishedShops.some((s) => s.id === shopId)) : products) });
    },
    PromotionLiveProducts: (v) => ok({ searchTiktokProducts: { total_count: 1, products: live[v?.shopId as string] ?? [] } }),
    PromotionProductVariants: (v) => ok({ getProductVariants: variants[v?.productId as string] ?? [] }),
    CreateTiktokPromotionSchedule: () => ok({ createTiktokPromotionSchedule: { batchId: 'b-promo', queued: 1 } }),
    JobBatchProgress: () => ok({ getJobBatch: batch }),
    ...extra,
  };
}

// A click that lands while another overlay is still closing, or while the dropdown re-renders
// under new data, can leave it shut on a loaded machine: open it again, a few times at most.
async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, option: string | RegExp) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await user.click(screen.getByTestId(testId));
    const found = await screen.findByRole('option', { name: option, hidden: true }, { timeout: 3000 }).catch(() => null);
    if (found) {
      await user.click(found);
      return;
    }
  }
  throw new Error(`the ${testId} dropdown never offered ${String(option)}`);
}

describe('new promotion', () => {
  it('shows skeletons while the plans load', async () => {
    renderApp(paths.shops.promotionsCreate, { user: seller, handlers: handlers({ GetPromotionPlans: () => new Promise(() => {}) }) });
    expect(await screen.findByLabelText('Loading plans')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No promotion plan yet')).not.toBeInTheDocument();
  });

  it('asks for a plan, shops and a future begin before scheduling', async () => {
    const app = renderApp(paths.shops.promotionsCreate, { user: seller, handlers: handlers() });
    const user = userEvent.setup();
    await screen.findByTestId('promotion-plan');
    fireEvent.change(screen.getByTestId('promotion-begin'), { target: { value: '2020-01-01T10:00' } });
    await user.click(screen.getByTestId('schedule-submit'));
    expect(await screen.findByText('Choose the plan to schedule')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one shop')).toBeInTheDocument();
    expect(screen.getByText('Pick a time in the future')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Chosen products/));
    expect(await screen.findByText('Choose at least one product, or take every live product')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateTiktokPromotionSchedule')).toEqual([]);
  });

  it("previews each variant's flash-sale price of the live products, schedules from a begin in the seller's timezone and follows the batch", async () => {
    const app = renderApp(paths.shops.promotionsCreate, { user: seller, handlers: handlers() });
    const user = userEvent.setup();
    await screen.findByTestId('promotion-plan');
    await choose(user, 'promotion-plan', /Weekend flash/);
    await choose(user, 'promotion-shops', 'Tees US');
    await user.click(document.body);
    // Every live product, as the marketplace holds it, at 20 % off each variant's own price.
    const preview = await screen.findByTestId('price-preview');
    expect(within(preview).getByTestId('preview-1729-s1')).toHaveTextContent('Retro Sunset Graphic TeeTEE-s1$19.99$15.99');
    expect(within(preview).getByTestId('preview-1729-s2')).toHaveTextContent('TEE-s2$24.50$19.60');
    expect(variablesOf(app.api.calls, 'PromotionLiveProducts')).toEqual([{ shopId: 'shop-1', filter: { status: 'ACTIVATE', page_size: 10 } }]);

    fireEvent.change(screen.getByTestId('promotion-begin'), { target: { value: `${NEXT_YEAR}-05-01T10:00` } });
    expect(screen.getByText(`Ends May 03, ${NEXT_YEAR}, 10:00:00`)).toBeInTheDocument();
    await user.click(screen.getByTestId('schedule-submit'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'CreateTiktokPromotionSchedule')).toEqual([
        { input: { planId: 'plan-1', shopIds: ['shop-1'], productIds: [], beginTime: `${NEXT_YEAR}-05-01T03:00:00.000Z`, autoRenew: true } },
      ]),
    );
    const progress = await screen.findByTestId('bulk-progress');
    expect(progress).toHaveAttribute('aria-label', 'Scheduling Weekend flash on 1 shop');
    await waitFor(() => expect(progress).toHaveAttribute('data-state', 'done'));
    await user.click(screen.getByTestId('see-promotions'));
    await waitFor(() => expect(app.location()).toBe(paths.shops.promotions));
  });

  it('prices chosen products at product level from their lowest price, and schedules only those without auto-renew', async () => {
    const app = renderApp(paths.shops.promotionsCreate, { user: seller, handlers: handlers() });
    const user = userEvent.setup();
    await screen.findByTestId('promotion-plan');
    await choose(user, 'promotion-plan', /Daily deal/);
    await choose(user, 'promotion-shops', 'Tees US');
    await user.click(await screen.findByRole('option', { name: 'Tees GB', hidden: true }));
    await user.click(document.body);
    // Every live product is previewed a shop at a time.
    await within(await screen.findByTestId('price-preview')).findByText('Retro Sunset Graphic Tee');
    await choose(user, 'preview-shop', 'Tees GB');
    expect(await screen.findByTestId('preview-1730-product')).toHaveTextContent('Ocean MugTEE-s3$12.00$10.80');
    await user.click(screen.getByLabelText(/Chosen products/));
    const picker = await screen.findByTestId('product-picker');
    await within(picker).findByText('Mug — Ocean');
    expect(within(picker).getByText('Hoodie — Night').closest('tr')).toHaveTextContent('Not live on the chosen shops');
    await user.click(checkboxInput(picker, 'Row Selected p1'));
    await user.click(checkboxInput(picker, 'Row Selected p2'));
    expect(screen.getByTestId('picker-count')).toHaveTextContent('2 products chosen');
    const preview = await screen.findByTestId('price-preview');
    expect(within(preview).getByTestId('preview-p1-product')).toHaveTextContent('All 2 variants$19.99$17.99');
    expect(within(preview).getByTestId('preview-p2-product')).toHaveTextContent('All 2 variants$12.00$10.80');

    await user.click(screen.getByTestId('promotion-auto-renew'));
    fireEvent.change(screen.getByTestId('promotion-begin'), { target: { value: `${NEXT_YEAR}-01-10T00:30` } });
    await user.click(screen.getByTestId('schedule-submit'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'CreateTiktokPromotionSchedule')).toEqual([
        { input: { planId: 'plan-2', shopIds: ['shop-1', 'shop-2'], productIds: ['p1', 'p2'], beginTime: `${NEXT_YEAR}-01-09T17:30:00.000Z`, autoRenew: false } },
      ]),
    );
  });

  it("shows the server's objection on the field it names", async () => {
    renderApp(paths.shops.promotionsCreate, {
      user: seller,
      handlers: handlers({ CreateTiktokPromotionSchedule: () => gqlError('the first window must begin at least 5 minutes from now', 'BAD_USER_INPUT', 'input.beginTime') }),
    });
    const user = userEvent.setup();
    await screen.findByTestId('promotion-plan');
    await choose(user, 'promotion-plan', /Weekend flash/);
    await choose(user, 'promotion-shops', 'Tees US');
    await user.click(document.body);
    await user.click(screen.getByTestId('schedule-submit'));
    const field = screen.getByTestId('promotion-begin').closest('.field') as HTMLElement;
    expect(await within(field).findByText('the first window must begin at least 5 minutes from now')).toBeInTheDocument();
    expect(screen.getAllByText('the first window must begin at least 5 minutes from now')).toHaveLength(1);
  });

  it('leads to the settings when there is no plan yet', async () => {
    renderApp(paths.shops.promotionsCreate, { user: seller, handlers: handlers({ GetPromotionPlans: () => ok({ getPromotionPlans: [] }) }) });
    expect(await screen.findByText('No promotion plan yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one in Promotion settings' })).toHaveAttribute('href', paths.promotionSettings);
    expect(screen.getByTestId('schedule-submit')).toBeDisabled();
  });
});
