import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { checkboxInput, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const listing = (id: string, name: string, shopId: string, shopName: string, extra: Record<string, unknown> = {}) => ({
  id,
  shopId,
  shopName,
  externalId: null,
  brandName: null,
  categoryName: 'T-shirts',
  liveStatus: 'LIVE',
  errorMessages: [],
  errors: [],
  updatedAt: '2026-03-01T10:00:00Z',
  product: { id: `p-${id}`, name, status: 'PUBLISHED', images: [] },
  ...extra,
});
const rows = [
  listing('sp1', 'Classic tee', 'shop-1', 'Tees US'),
  listing('sp2', 'Hoodie', 'shop-2', 'Hoodies GB', { liveStatus: 'SUSPENDED', errorMessages: ['Category needs a certification'] }),
  listing('sp3', 'Mug', 'shop-1', 'Tees US'),
];
/** A refusal the server mapped to its field. */
const poster = listing('sp4', 'Poster', 'shop-1', 'Tees US', {
  liveStatus: 'DRAFT',
  errorMessages: ['package_weight is required'],
  errors: [{ field: 'packageWeight', message: 'TikTok Shop needs a valid package weight: set it on the template and list again.' }],
});

describe('shop products', () => {
  it('lists listings of every shop with their shop, status and errors, and filters them', async () => {
    const app = renderApp(paths.shopProduct, { user: { id: 'admin-1', role: 'ADMIN' }, handlers: { GetAllShopProducts: () => ok({ getAllShopProducts: pageOf([...rows, poster], 4) }) } });
    const table = await screen.findByTestId('all-shop-products-table');
    expect(await within(table).findByText('Hoodies GB')).toBeInTheDocument();
    expect(within(table).getByText('Category needs a certification')).toBeInTheDocument();
    // A refusal mapped to its field reads in a seller's words, with a link to that field.
    expect(within(table).queryByText('package_weight is required')).toBeNull();
    expect(within(table).getByRole('link', { name: /^Fix: TikTok Shop needs a valid package weight/ })).toHaveAttribute('href', '/products/p-sp4/edit?fix=packageWeight');
    expect(within(table).getByText('Suspended')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'GetAllShopProducts')[0]).toEqual({ filter: { limit: 20, page: 1, status: 'ALL' } });

    const user = userEvent.setup();
    await user.click(screen.getByTestId('shop-products-status'));
    await user.click(await screen.findByRole('option', { name: 'Failed', hidden: true }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'hood');
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetAllShopProducts').at(-1)).toEqual({ filter: { limit: 20, page: 1, status: 'FAILED', search: 'hood' } }));
  });

  it('removes selected listings shop by shop after confirmation', async () => {
    const app = renderApp(paths.shopProduct, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetAllShopProducts: () => ok({ getAllShopProducts: pageOf(rows, 3) }),
        BulkRemoveListings: (v) => ok({ bulkRemoveShopProduct: { batchId: `b-${v?.shopId}`, queued: (v?.shopProductIds as string[]).length } }),
        JobBatchProgress: (v) =>
          ok({ getJobBatch: { id: v?.id, type: 'shop_product.remove', total: 1, pending: 0, processing: 0, succeeded: 1, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] } }),
      },
    });
    const table = await screen.findByTestId('all-shop-products-table');
    await within(table).findByText('Mug');
    const user = userEvent.setup();
    await user.click(checkboxInput(table, 'All items unselected'));
    await user.click(within(screen.getByTestId('selection-bar')).getByRole('button', { name: 'Remove from shops' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove 3 listings from 2 shops?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 3' }));
    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'BulkRemoveListings')).toEqual([
        { shopId: 'shop-1', shopProductIds: ['sp1', 'sp3'] },
        { shopId: 'shop-2', shopProductIds: ['sp2'] },
      ]),
    );
    expect(await screen.findAllByTestId('bulk-progress')).toHaveLength(2);
  });
});
