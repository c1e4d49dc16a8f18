import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const template = {
  id: 'tpl-1',
  name: 'Basic tee',
  title: 'Classic cotton tee',
  type: 'POD',
  status: 'ACTIVE',
  tiktokCategoryId: '601226',
  images: [],
  variants: [{ attributes: { Size: 'M' } }, { attributes: { Size: 'L' } }],
  priceFormula: 'price * 1.3 + 2',
  createdAt: '2026-03-01T10:00:00Z',
};

describe('templates', () => {
  it('lists templates, filters them, and deletes one only after confirmation', async () => {
    const app = renderApp(paths.productTemplates.list, {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: { GetProductTemplates: () => ok({ getProductTemplates: pageOf([template]) }), RemoveProductTemplate: () => ok({ removeProductTemplate: true }) },
    });
    const table = await screen.findByTestId('templates-table');
    expect(await within(table).findByText('price * 1.3 + 2')).toBeInTheDocument();
    expect(within(table).getByText('2')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('templates-status'));
    await user.click(await screen.findByRole('option', { name: 'Draft', hidden: true }));
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'tee');
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetProductTemplates').at(-1)).toEqual({ filter: { limit: 20, page: 1, search: 'tee', status: 'DRAFT' } }));

    await user.click(within(table).getByRole('button', { name: 'Delete Basic tee' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(variablesOf(app.api.calls, 'RemoveProductTemplate')).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Delete Basic tee' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the template Basic tee?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RemoveProductTemplate')).toEqual([{ templateId: 'tpl-1' }]));
  });
});
