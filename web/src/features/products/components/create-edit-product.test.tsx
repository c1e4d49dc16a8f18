import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathTo, paths } from '@/config/paths';
import { gqlError, ok, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const shops = [{ id: 'shop-1', name: 'Tees US', saleChannel: 'TIKTOK', status: 'LIVE', connection: 'CONNECTED' }];
const templates = [{ id: 'tpl-1', name: 'Basic tee', title: 'Basic tee', type: 'POD', status: 'ACTIVE' }];
const presign = (v: Record<string, unknown> | undefined) => {
  const { fileName } = v?.input as { fileName: string };
  return ok({ getPresignedUrl: { presignedUrl: `https://bucket.test/put/${fileName}`, fileUrl: `https://cdn.test/designs/${fileName}` } });
};

describe('create products', () => {
  it('creates one product per uploaded design from a template, then lists them and shows the progress', async () => {
    const app = renderApp(paths.products.create, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        ShopOptions: () => ok({ getShops: { items: shops, pageInfo: { totalCount: 1 } } }),
        TemplateOptions: () => ok({ getProductTemplates: { items: templates } }),
        GetPresignedUrl: presign,
        CreateProductWithTemplate: () => ok({ createProductWithTemplate: ['p1', 'p2'] }),
        BulkListingProduct: () => ok({ bulkListingProduct: { batchId: 'b-1', queued: 2 } }),
        JobBatchProgress: () =>
          ok({ getJobBatch: { id: 'b-1', type: 'listing.publish', total: 2, pending: 1, processing: 1, succeeded: 0, failed: 0, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('create-submit'));
    expect(await screen.findByText('Choose the template the products are built from')).toBeInTheDocument();
    expect(screen.getByText('Give the design a name')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateProductWithTemplate')).toEqual([]);

    await user.click(screen.getByTestId('create-template'));
    await user.click(await screen.findByRole('option', { name: 'Basic tee', hidden: true }));
    await user.upload(screen.getByTestId('upload-designs-input'), [
      new File(['a'], 'sunset-wave.png', { type: 'image/png' }),
      new File(['b'], 'ocean_night.png', { type: 'image/png' }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(2));
    expect(screen.getByLabelText('Design 1 name')).toHaveValue('sunset wave');
    await user.click(screen.getByTestId('create-shops'));
    await user.click(await screen.findByRole('option', { name: /Tees US/, hidden: true }));
    await user.click(screen.getByLabelText(/^Live/));
    await user.click(screen.getByTestId('create-submit'));

    await waitFor(() =>
      expect(variablesOf(app.api.calls, 'CreateProductWithTemplate')).toEqual([
        {
          input: {
            templateId: 'tpl-1',
            designs: [
              { name: 'sunset wave', designFrontUrl: 'https://cdn.test/designs/sunset-wave.png' },
              { name: 'ocean night', designFrontUrl: 'https://cdn.test/designs/ocean_night.png' },
            ],
          },
        },
      ]),
    );
    await waitFor(() => expect(variablesOf(app.api.calls, 'BulkListingProduct')).toEqual([{ input: { shopId: 'shop-1', productIds: ['p1', 'p2'], mode: 'LISTING', templateId: 'tpl-1' } }]));
    const progress = await within(await screen.findByTestId('create-progress')).findByTestId('bulk-progress');
    expect(progress).toHaveTextContent('Listing 2 products on Tees US');
    expect(app.api.uploads.map((u) => u.url)).toEqual(['https://bucket.test/put/sunset-wave.png', 'https://bucket.test/put/ocean_night.png']);
  });
});

const product = {
  id: 'p1',
  name: 'Classic tee',
  description: 'Soft',
  brand: null,
  category: { id: 'c1', name: 'T-shirts' },
  images: [{ id: 'i1', imageUrl: 'https://cdn.test/a.png', isPrimary: true, sequence: 0 }],
  mockupImages: [],
  publishedShops: [],
  status: 'UNPUBLISHED',
  source: 'POD',
  type: 'POD',
  originUrl: null,
  packageWeight: { value: 0.4, unit: 'POUND' },
  packageDimensions: null,
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
};
const variant = (id: string, sku: string, color: string, size: string) => ({
  id,
  sku,
  quantity: 5,
  salePrice: 19.99,
  listPrice: 24.99,
  attributes: [
    { id: `${id}-c`, value: color, attribute: { id: 'a-color', name: 'Color' } },
    { id: `${id}-s`, value: size, attribute: { id: 'a-size', name: 'Size' } },
  ],
});

describe('edit product', () => {
  it('sends each variant with its action and the package, and shows a server refusal', async () => {
    let attempt = 0;
    const app = renderApp(pathTo(paths.products.edit, { productId: 'p1' }), {
      user: { id: 'staff-1', role: 'STAFF' },
      handlers: {
        GetProductById: () => ok({ getProductById: product }),
        GetProductVariants: () => ok({ getProductVariants: [variant('v1', 'TEE-BLK-M', 'Black', 'M'), variant('v2', 'TEE-BLK-L', 'Black', 'L'), variant('v3', 'TEE-WHT-M', 'White', 'M')] }),
        GetBrands: () => ok({ getBrands: [] }),
        UpdateProduct: () => (++attempt === 1 ? gqlError('SKU TEE-BLK-XL is used by another product', 'CONFLICT', 'variants.2.sku') : ok({ updateProduct: 'p1' })),
      },
    });
    const user = userEvent.setup();
    const editor = await screen.findByTestId('variants-editor');
    const sku1 = within(editor).getByLabelText('SKU of variant 1');
    await user.clear(sku1);
    await user.type(sku1, 'TEE-BLACK-M');
    await user.click(within(editor).getByRole('button', { name: 'Remove variant 2' }));
    await user.click(within(editor).getByRole('button', { name: 'Add variant' }));
    // The new row is the third now: it needs its attributes, SKU and price.
    await user.click(screen.getByTestId('product-save'));
    expect(await within(editor).findByText('Variant 3 needs a SKU')).toBeInTheDocument();
    await user.type(within(editor).getByLabelText('Color of variant 3'), 'Black');
    await user.type(within(editor).getByLabelText('Size of variant 3'), 'XL');
    await user.type(within(editor).getByLabelText('SKU of variant 3'), 'TEE-BLK-XL');
    await user.type(within(editor).getByLabelText('Sale price of variant 3'), '21.5');
    const length = screen.getByLabelText('Width');
    await user.type(length, '10');
    await user.type(screen.getByLabelText('Height'), '1');
    await user.type(screen.getByLabelText('Length'), '12');
    await user.click(screen.getByTestId('product-save'));

    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateProduct')).toHaveLength(1));
    const input = (variablesOf(app.api.calls, 'UpdateProduct')[0] as { input: Record<string, unknown> }).input;
    expect(input.variants).toEqual([
      { id: 'v1', action: 'UPDATE', sku: 'TEE-BLACK-M', quantity: 5, salePrice: 19.99, listPrice: 24.99, attributes: [{ name: 'Color', value: 'Black' }, { name: 'Size', value: 'M' }] },
      { id: 'v3', action: 'UNCHANGED' },
      { action: 'CREATE', sku: 'TEE-BLK-XL', quantity: 0, salePrice: 21.5, listPrice: 21.5, attributes: [{ name: 'Color', value: 'Black' }, { name: 'Size', value: 'XL' }] },
      { id: 'v2', action: 'DELETE' },
    ]);
    expect(input.packageWeight).toEqual({ value: 0.4, unit: 'POUND' });
    expect(input.packageDimensions).toEqual({ width: 10, height: 1, length: 12, unit: 'INCH' });
    expect(input.images).toEqual([{ imageUrl: 'https://cdn.test/a.png', isPrimary: true, sequence: 0 }]);
    // The server's objection shows by the variants (and as a toast).
    expect((await screen.findAllByText('SKU TEE-BLK-XL is used by another product')).length).toBeGreaterThan(0);

    await user.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Classic tee was saved.')).toBeInTheDocument();
  });
});
