import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listOnShopPath, paths } from '@/config/paths';
import { checkboxInput, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const product = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  status: 'UNPUBLISHED',
  type: 'POD',
  source: 'POD',
  images: [{ id: `i-${id}`, imageUrl: `https://cdn.test/${id}.png`, isPrimary: true, sequence: 0 }],
  publishedShops: [],
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  ...extra,
});
const items = [
  product('p1', 'Classic tee — Sunset', { status: 'PUBLISHED', publishedShops: [{ id: 'shop-1', name: 'Tees US', liveStatus: 'LIVE', productId: '1729' }] }),
  product('p2', 'Classic tee — Ocean'),
  product('p3', 'Mug — Ocean'),
];
const shops = [
  { id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-2', name: 'Tees GB', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-a', name: 'Tees Amazon', saleChannel: 'AMAZON', status: 'LIVE', connection: 'CONNECTED' },
  { id: 'shop-w', name: 'Tees Walmart', saleChannel: 'WALMART', status: 'LIVE', connection: 'CONNECTED' },
];
const templates = [{ id: 'tpl-1', name: 'Basic tee', title: 'Basic tee', type: 'POD', status: 'ACTIVE' }];
const batch = (id: string) => ({ id, type: 'x', total: 2, pending: 0, processing: 0, succeeded: 2, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] });

function setup(path: string = paths.products.list) {
  return renderApp(path, {
    user: { id: 'admin-1', role: 'ADMIN' },
    handlers: {
      GetProducts: () => ok({ getProducts: pageOf(items, 3) }),
      ShopOptions: () => ok({ getShops: { items: shops, pageInfo: { totalCount: shops.length } } }),
      TemplateOptions: () => ok({ getProductTemplates: { items: templates } }),
      BulkDeleteProducts: (v) => ok({ bulkDeleteProducts: (v?.productIds as string[]).length }),
      BulkApplyTemplate: () => ok({ bulkApplyTemplate: { successfulProducts: ['p2', 'p3'], batchId: 'b-apply' } }),
      BulkListingProduct: (v) => ok({ bulkListingProduct: { batchId: `b-list-${(v?.input as { shopId: string }).shopId}`, queued: 2 } }),
      BulkPublishProducts: () => ok({ bulkPublishProducts: { batchId: 'b-pub', queued: 4 } }),
      BulkGenerateTiktokProductSku: () => ok({ bulkGenerateTiktokProductSKU: { batchId: 'b-sku', queued: 2 } }),
      JobBatchProgress: (v) => ok({ getJobBatch: batch(v?.id as string) }),
    },
  });
}

async function selectTwo() {
  const table = await screen.findByTestId('products-table');
  await within(table).findByText('Mug — Ocean');
  const user = userEvent.setup();
  await user.click(checkboxInput(table, 'Row Selected p2'));
  await user.click(checkboxInput(table, 'Row Selected p3'));
  return user;
}

describe('products', () => {
  it('lists products with their shops and filters by status, type, shop, template and search', async () => {
    const app = setup();
    const table = await screen.findByTestId('products-table');
    expect(await within(table).findByText('Tees US · Live')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'GetProducts')[0]).toEqual({ filter: { limit: 20, page: 1 } });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('products-status'));
    await user.click(await screen.findByRole('option', { name: 'Unpublished', hidden: true }));
    await user.click(screen.getByTestId('products-type'));
    await user.click(await screen.findByRole('option', { name: 'Print on demand', hidden: true }));
    await user.click(screen.getByTestId('products-shop'));
    await user.click(await screen.findByRole('option', { name: 'Tees GB', hidden: true }));
    await user.click(screen.getByTestId('products-template'));
    await user.click(await screen.findByRole('option', { name: 'Basic tee', hidden: true }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'ocean');
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'GetProducts').at(-1)).toEqual({
        search: 'ocean',
        filter: { limit: 20, page: 1, status: 'UNPUBLISHED', type: 'POD', shopId: 'shop-2', templateId: 'tpl-1' },
      }),
    );
  });

  it('deletes the selected products only after confirmation', async () => {
    const app = setup();
    const user = await selectTwo();
    await user.click(screen.getByTestId('bulk-delete'));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete 2 products from your catalogue?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'BulkDeleteProducts')).toEqual([]);
    await user.click(screen.getByTestId('bulk-delete'));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkDeleteProducts')).toEqual([{ productIds: ['p2', 'p3'] }]));
    expect(await screen.findByText('2 products deleted.')).toBeInTheDocument();
  });

  it('applies a template and follows its batch', async () => {
    const app = setup();
    const user = await selectTwo();
    await user.click(screen.getByTestId('bulk-template'));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a template to 2 products' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply template' }));
    expect(await within(dialog).findByText('Pick the template to apply')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('apply-template-select'));
    await user.click(await screen.findByRole('option', { name: 'Basic tee', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply template' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkApplyTemplate')).toEqual([{ input: { templateId: 'tpl-1', productIds: ['p2', 'p3'] } }]));
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('Applying Basic tee to 2 products');
  });

  it('lists on each chosen shop in the chosen mode, one batch per shop', async () => {
    const app = setup();
    const user = await selectTwo();
    await user.click(screen.getByTestId('bulk-list'));
    const dialog = await screen.findByRole('dialog', { name: 'List 2 products on shops' });
    await user.click(within(dialog).getByTestId('list-shops-select'));
    await user.click(await screen.findByRole('option', { name: /Tees US/, hidden: true }));
    await user.click(await screen.findByRole('option', { name: /Tees GB/, hidden: true }));
    await user.click(within(dialog).getByLabelText(/Live/));
    await user.click(within(dialog).getByTestId('list-submit'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'BulkListingProduct')).toEqual([
        { input: { shopId: 'shop-1', productIds: ['p2', 'p3'], mode: 'LISTING' } },
        { input: { shopId: 'shop-2', productIds: ['p2', 'p3'], mode: 'LISTING' } },
      ]),
    );
    const progress = await screen.findAllByTestId('bulk-progress');
    expect(progress.map((p) => p.getAttribute('aria-label'))).toEqual(['Listing 2 products on Tees US', 'Listing 2 products on Tees GB']);
  });

  it("lists on Amazon and Walmart shops too, starting with the shop the seller came from", async () => {
    const app = setup(listOnShopPath('shop-a'));
    expect(await screen.findByTestId('list-on-hint')).toHaveTextContent('Select the products to list on Tees Amazon (Amazon), then choose List on shops.');
    const user = await selectTwo();
    await user.click(screen.getByTestId('bulk-list'));
    const dialog = await screen.findByRole('dialog', { name: 'List 2 products on shops' });
    // Every channel's shops are offered; the one from the shop's page is already chosen.
    expect(within(dialog).getByTestId('list-shops-select')).toHaveTextContent('Tees Amazon (Amazon)');
    await user.click(within(dialog).getByTestId('list-shops-select'));
    expect(await screen.findByRole('option', { name: /Tees Amazon \(Amazon\)/, hidden: true })).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('option', { name: /Tees Walmart \(Walmart\)/, hidden: true }));
    await user.click(within(dialog).getByTestId('list-submit'));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'BulkListingProduct')).toEqual([
        // Live: the mode a first listing is for, until the seller picks another (remembered).
        { input: { shopId: 'shop-a', productIds: ['p2', 'p3'], mode: 'LISTING' } },
        { input: { shopId: 'shop-w', productIds: ['p2', 'p3'], mode: 'LISTING' } },
      ]),
    );
    const progress = await screen.findAllByTestId('bulk-progress');
    expect(progress.map((p) => p.getAttribute('aria-label'))).toEqual(['Listing 2 products on Tees Amazon', 'Listing 2 products on Tees Walmart']);
  });

  it('publishes to several shops in one batch', async () => {
    const app = setup();
    const user = await selectTwo();
    await user.click(screen.getByTestId('bulk-publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Publish 2 products' });
    await user.click(within(dialog).getByTestId('publish-shops-select'));
    await user.click(await screen.findByRole('option', { name: /Tees GB/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkPublishProducts')).toEqual([{ input: { productIds: ['p2', 'p3'], shopIds: ['shop-2'] } }]));
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('Publishing 2 products on 1 shop');
  });

  it('generates SKUs on a TikTok shop', async () => {
    const app = setup();
    const user = await selectTwo();
    await user.click(screen.getByTestId('bulk-skus'));
    const dialog = await screen.findByRole('dialog', { name: 'Generate SKUs for 2 products' });
    await user.click(within(dialog).getByTestId('sku-shop-select'));
    await user.click(await screen.findByRole('option', { name: 'Tees US', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate SKUs' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkGenerateTiktokProductSku')).toEqual([{ shopId: 'shop-1', productIds: ['p2', 'p3'] }]));
    expect(variablesOf(app.api.calls, 'ShopOptions').some((v) => (v?.filter as { saleChannel?: string }).saleChannel === 'TIKTOK')).toBe(true);
    expect(await screen.findByTestId('bulk-progress')).toHaveTextContent('Generating SKUs of 2 products on Tees US');
  });
});
