import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const design = {
  id: 'd1',
  externalProductId: null,
  sellerProductId: 'SP-1',
  images: [],
  designFrontUrl: 'https://cdn.test/front.png',
  designBackUrl: null,
  designSleeveUrl: null,
  designHoodUrl: null,
  variant: 'Black / M',
  product: { id: 'p1', name: 'Classic tee' },
};

describe('product designs', () => {
  it('lists designs paged and removes one only after confirmation', async () => {
    const app = renderApp(paths.productDesigns, {
      user: { id: 'staff-1', role: 'STAFF' },
      handlers: { GetListProductDesigns: () => ok({ getListProductDesigns: pageOf([design], 41) }), RemoveProductDesign: () => ok({ removeProductDesign: true }) },
    });
    const table = await screen.findByTestId('designs-table');
    expect(await within(table).findByText('Classic tee')).toBeInTheDocument();
    expect(within(table).getByText('Black / M')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 41')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'GetListProductDesigns')[0]).toEqual({ filter: { limit: 20, page: 1 } });

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Remove the design of Classic tee' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'RemoveProductDesign')).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Remove the design of Classic tee' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RemoveProductDesign')).toEqual([{ designId: 'd1' }]));
  });

  it('caches a design with uploaded print files', async () => {
    const app = renderApp(paths.productDesigns, {
      user: { id: 'staff-1', role: 'STAFF' },
      handlers: {
        GetListProductDesigns: () => ok({ getListProductDesigns: pageOf([]) }),
        GetPresignedUrl: (v) => ok({ getPresignedUrl: { presignedUrl: 'https://bucket.test/put', fileUrl: `https://cdn.test/${(v?.input as { fileName: string }).fileName}` } }),
        CacheProductDesign: () => ok({ cacheProductDesign: { id: 'd2' } }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('add-design'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a design' });
    await user.click(within(dialog).getByRole('button', { name: 'Save design' }));
    expect(await within(dialog).findByText('Upload at least one design file or image')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Seller product id'), 'SP-9');
    await user.upload(within(dialog).getByTestId('add-design-back-input'), new File(['x'], 'back.png', { type: 'image/png' }));
    await within(dialog).findByAltText('Back');
    await user.click(within(dialog).getByRole('button', { name: 'Save design' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'CacheProductDesign')).toEqual([{ input: { sellerProductId: 'SP-9', designBackUrl: 'https://cdn.test/back.png' } }]));
    expect(await screen.findByText('The design was saved.')).toBeInTheDocument();
  });
});
