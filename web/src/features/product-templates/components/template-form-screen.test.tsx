import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathTo, paths } from '@/config/paths';
import { gqlError, ok, pageOf, variablesOf } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const categories = [
  { id: 'c1', parentId: null, name: 'Clothing', isLeaf: false, permissionStatuses: ['AVAILABLE'] },
  { id: 'c2', parentId: 'c1', name: 'Tops', isLeaf: false, permissionStatuses: ['AVAILABLE'] },
  { id: '601226', parentId: 'c2', name: 'T-shirts', isLeaf: true, permissionStatuses: ['AVAILABLE'] },
  { id: 'c9', parentId: null, name: 'Home', isLeaf: false, permissionStatuses: ['AVAILABLE'] },
  { id: '600001', parentId: 'c9', name: 'Mugs', isLeaf: true, permissionStatuses: ['AVAILABLE'] },
];
const attr = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'PRODUCT_PROPERTY',
  is_requried: false,
  is_customizable: false,
  is_multiple_selection: false,
  value_data_format: null,
  values: [],
  requirement_conditions: [],
  ...extra,
});
const attributes = [
  attr('100000', 'Color', { type: 'SALES_PROPERTY', is_customizable: true, values: [{ id: '1000002', name: 'Black' }] }),
  attr('100198', 'Material', { is_requried: true, is_multiple_selection: true, is_customizable: true, values: [{ id: '1001981', name: 'Cotton' }, { id: '1001982', name: 'Polyester' }] }),
  attr('101395', 'Target Audience', { values: [{ id: '1013951', name: 'Adults' }, { id: '1013952', name: 'Kids' }] }),
  attr('101396', "Kids' Age Range", {
    values: [{ id: '1013961', name: '2-4 years' }],
    requirement_conditions: [{ condition_type: 'VALUE_ID_MATCH', attribute_id: '101395', attribute_value_id: '1013952' }],
  }),
];

function setup(handlers: Record<string, (v: Record<string, unknown> | undefined) => unknown> = {}) {
  return renderApp(paths.productTemplates.create, {
    user: { id: 'staff-1', role: 'STAFF' },
    handlers: {
      GetLocalTiktokCategories: () => ok({ getLocalTiktokCategories: categories }),
      GetTiktokCategoryAttributes: () => ok({ getTiktokCategoryAttributes: attributes }),
      GetTiktokBrands: () => ok({ getTiktokBrands: [] }),
      GetProductTemplates: () => ok({ getProductTemplates: pageOf([]) }),
      ...(handlers as object),
    } as never,
  });
}

async function pickCategory(user: ReturnType<typeof userEvent.setup>, path: string[]) {
  await user.click(screen.getByTestId('category-picker'));
  const panel = await waitFor(() => {
    const el = document.querySelector('.category-panel');
    if (!el) throw new Error('no panel');
    return el as HTMLElement;
  });
  for (const name of path.slice(0, -1)) {
    const node = within(panel).getByText(name).closest('.p-treenode-content') as HTMLElement;
    await user.click(node.querySelector('.p-tree-toggler') as HTMLElement);
  }
  await user.click(await within(panel).findByText(path.at(-1)!));
}

describe('template form', () => {
  it('validates before sending: names, required attributes, the formula', async () => {
    const app = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('template-save'));
    expect(screen.getAllByText('Required')).toHaveLength(2);

    await user.type(screen.getByLabelText('Name'), 'Basic tee');
    await user.type(screen.getByLabelText('Product title'), 'Classic cotton tee');
    await pickCategory(user, ['Clothing', 'Tops', 'T-shirts']);
    expect(await screen.findByTestId('category-path')).toHaveTextContent('Clothing › Tops › T-shirts');
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetTiktokCategoryAttributes')).toEqual([{ categoryId: '601226' }]));
    const form = await screen.findByTestId('attributes-form');
    // Sales attributes are variant options, not product attributes; required ones are marked.
    expect(within(form).queryByText('Color')).toBeNull();
    expect(within(screen.getByTestId('attribute-100198')).getByLabelText('required')).toBeInTheDocument();
    expect(within(screen.getByTestId('attribute-101396')).queryByLabelText('required')).toBeNull();

    await user.type(screen.getByTestId('price-formula'), 'price * ');
    await user.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Material is required by TikTok Shop')).toBeInTheDocument();
    expect(screen.getByText('Price formula the formula ends where a number or `price` is expected at position 8')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateProductTemplate')).toEqual([]);

    // Kids' age range becomes required once the audience is Kids.
    await user.click(screen.getByTestId('attribute-101395').querySelector('.p-dropdown')!);
    await user.click(await screen.findByRole('option', { name: 'Kids', hidden: true }));
    expect(within(screen.getByTestId('attribute-101396')).getByLabelText('required')).toBeInTheDocument();
  });

  it('builds the variants matrix, previews the formula and shows the server’s formula error', async () => {
    let attempt = 0;
    const app = setup({
      CreateProductTemplate: () =>
        ++attempt === 1 ? gqlError('priceFormula gives a negative price (-3) for a price of 10', 'BAD_USER_INPUT', 'priceFormula') : ok({ createProductTemplate: { id: 'tpl-1', name: 'Basic tee' } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Basic tee');
    await user.type(screen.getByLabelText('Product title'), 'Classic cotton tee');

    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 1 name'), 'Color');
    await user.type(screen.getByLabelText('Option 1 values'), 'Black{enter}White{enter}');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 2 name'), 'Size');
    await user.type(screen.getByLabelText('Option 2 values'), 'M{enter}L{enter}');
    const rows = screen.getByTestId('variant-rows');
    await waitFor(() => expect(within(rows).getAllByRole('row')).toHaveLength(5));
    expect(within(rows).getByText('White / L')).toBeInTheDocument();

    await user.type(screen.getByLabelText('SKU prefix'), 'tee');
    await user.click(screen.getByRole('button', { name: 'Generate SKUs' }));
    await user.type(screen.getByLabelText('Sale price for all rows'), '20');
    await user.type(screen.getByLabelText('Quantity for all rows'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply to all rows' }));
    expect(within(rows).getByLabelText('SKU of Black / M')).toHaveValue('TEE-BLACK-M');

    await user.type(screen.getByTestId('price-formula'), 'price * 1.3 + 2');
    expect(within(await screen.findByTestId('formula-preview')).getByText('$28.00')).toBeInTheDocument();

    await user.click(screen.getByTestId('template-save'));
    expect((await screen.findAllByText('priceFormula gives a negative price (-3) for a price of 10')).length).toBeGreaterThan(0);
    const input = (variablesOf(app.api.calls, 'CreateProductTemplate')[0] as { input: Record<string, unknown> }).input;
    expect(input).toMatchObject({ name: 'Basic tee', title: 'Classic cotton tee', type: 'POD', status: 'ACTIVE', priceFormula: 'price * 1.3 + 2', tiktokCategoryId: null });
    expect(input.variants).toEqual([
      { attributes: { Color: 'Black', Size: 'M' }, sku: 'TEE-BLACK-M', salePrice: 20, quantity: 50 },
      { attributes: { Color: 'Black', Size: 'L' }, sku: 'TEE-BLACK-L', salePrice: 20, quantity: 50 },
      { attributes: { Color: 'White', Size: 'M' }, sku: 'TEE-WHITE-M', salePrice: 20, quantity: 50 },
      { attributes: { Color: 'White', Size: 'L' }, sku: 'TEE-WHITE-L', salePrice: 20, quantity: 50 },
    ]);

    await user.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(app.location()).toBe(paths.productTemplates.list));
    expect(await screen.findByText('Basic tee was saved.')).toBeInTheDocument();
  });

  it('edits a template: its variants, attributes and category come back into the form', async () => {
    const template = {
      id: 'tpl-1',
      name: 'Basic tee',
      title: 'Classic cotton tee',
      description: null,
      packageWeight: { value: 0.3, unit: 'KILOGRAM' },
      packageDimensions: null,
      tiktokCategoryId: '601226',
      tiktokBrandId: null,
      images: [],
      sizeChart: null,
      variants: [{ attributes: { Color: 'Black' }, sku: 'BLK', salePrice: 19.99 }],
      tiktokProductAttribute: [{ attributeId: '100198', valueIds: ['1001981'] }],
      priceFormula: 'price + 1',
      type: 'POD',
      status: 'DRAFT',
      createdAt: '2026-03-01T10:00:00Z',
      mockupBlanks: [],
    };
    const app = renderApp(pathTo(paths.productTemplates.edit, { templateId: 'tpl-1' }), {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetProductTemplate: () => ok({ getProductTemplate: template }),
        GetLocalTiktokCategories: () => ok({ getLocalTiktokCategories: categories }),
        GetTiktokCategoryAttributes: () => ok({ getTiktokCategoryAttributes: attributes }),
        UpdateProductTemplate: () => ok({ updateProductTemplate: { id: 'tpl-1', name: 'Basic tee' } }),
        GetProductTemplates: () => ok({ getProductTemplates: pageOf([]) }),
      },
    });
    expect(await screen.findByTestId('category-path')).toHaveTextContent('Clothing › Tops › T-shirts');
    expect(await screen.findByTestId('attributes-form')).toBeInTheDocument();
    expect(screen.getByLabelText('SKU of Black')).toHaveValue('BLK');
    await userEvent.setup().click(screen.getByTestId('template-save'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateProductTemplate')).toHaveLength(1));
    const v = variablesOf(app.api.calls, 'UpdateProductTemplate')[0] as { templateId: string; input: Record<string, unknown> };
    expect(v.templateId).toBe('tpl-1');
    expect(v.input).toMatchObject({
      tiktokCategoryId: '601226',
      tiktokProductAttribute: [{ attributeId: '100198', valueIds: ['1001981'] }],
      variants: [{ attributes: { Color: 'Black' }, sku: 'BLK', salePrice: 19.99 }],
      priceFormula: 'price + 1',
      status: 'DRAFT',
      packageWeight: { value: 0.3, unit: 'KILOGRAM' },
    });
  });

  it("brings Amazon's and Walmart's fields back into the form and sends them unchanged with the whole template", async () => {
    const template = {
      id: 'tpl-2',
      name: 'Every channel tee',
      title: 'Classic cotton tee',
      description: null,
      packageWeight: null,
      packageDimensions: null,
      tiktokCategoryId: null,
      tiktokBrandId: null,
      images: [],
      sizeChart: null,
      variants: [{ attributes: { Color: 'Black' }, sku: 'BLK', salePrice: 19.99 }],
      tiktokProductAttribute: null,
      amazonProductType: 'SHIRT',
      amazonAttributes: { brand: 'Acme Prints', department: 'unisex-adult' },
      walmartCategory: 'T-Shirts',
      walmartItemSpec: { gender: 'Unisex', clothingSize: ['M', 'L'], care: { wash: 'cold' } },
      priceFormula: null,
      type: 'POD',
      status: 'ACTIVE',
      createdAt: '2026-03-01T10:00:00Z',
      mockupBlanks: [],
    };
    const app = renderApp(pathTo(paths.productTemplates.edit, { templateId: 'tpl-2' }), {
      user: { id: 'admin-1', role: 'ADMIN' },
      handlers: {
        GetProductTemplate: () => ok({ getProductTemplate: template }),
        GetLocalTiktokCategories: () => ok({ getLocalTiktokCategories: categories }),
        UpdateProductTemplate: () => ok({ updateProductTemplate: { id: 'tpl-2', name: 'Every channel tee' } }),
        GetProductTemplates: () => ok({ getProductTemplates: pageOf([]) }),
      },
    });
    const amazon = await screen.findByTestId('amazon-fields');
    expect(within(amazon).getByLabelText('Product type')).toHaveValue('SHIRT');
    // Text values come back as rows…
    expect(within(amazon).getByLabelText('Attribute 1 name')).toHaveValue('brand');
    expect(within(amazon).getByLabelText('Attribute 1 value')).toHaveValue('Acme Prints');
    expect(within(amazon).getByLabelText('Attribute 2 name')).toHaveValue('department');
    expect(within(amazon).getByLabelText('Attribute 2 value')).toHaveValue('unisex-adult');
    // …lists and objects as JSON, which rows could not hold.
    const walmart = screen.getByTestId('walmart-fields');
    expect(within(walmart).getByLabelText('Category')).toHaveValue('T-Shirts');
    expect(JSON.parse((within(walmart).getByLabelText('Fields as JSON') as HTMLTextAreaElement).value)).toEqual(template.walmartItemSpec);
    expect(within(walmart).getByRole('button', { name: 'Rows' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.setup().click(screen.getByTestId('template-save'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'UpdateProductTemplate')).toHaveLength(1));
    const { input } = variablesOf(app.api.calls, 'UpdateProductTemplate')[0] as { input: Record<string, unknown> };
    expect(input).toMatchObject({
      amazonProductType: 'SHIRT',
      amazonAttributes: { brand: 'Acme Prints', department: 'unisex-adult' },
      walmartCategory: 'T-Shirts',
      walmartItemSpec: { gender: 'Unisex', clothingSize: ['M', 'L'], care: { wash: 'cold' } },
      variants: [{ attributes: { Color: 'Black' }, sku: 'BLK', salePrice: 19.99 }],
    });
  });

  it("checks Amazon's attributes and Walmart's item spec before sending, and shows the server's word on a channel field", async () => {
    let attempt = 0;
    const app = setup({
      CreateProductTemplate: () =>
        ++attempt === 1 ? gqlError('walmartCategory: at most 200 characters', 'BAD_USER_INPUT', 'walmartCategory') : ok({ createProductTemplate: { id: 'tpl-3', name: 'Channel tee' } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Channel tee');
    await user.type(screen.getByLabelText('Product title'), 'Classic cotton tee');
    const amazon = screen.getByTestId('amazon-fields');
    await user.type(within(amazon).getByLabelText('Product type'), 'shirt');
    expect(within(amazon).getByLabelText('Product type')).toHaveValue('SHIRT');
    // A value without a name is refused before anything is sent.
    await user.type(within(amazon).getByLabelText('Attribute 1 value'), 'Acme Prints');
    const walmart = screen.getByTestId('walmart-fields');
    await user.type(within(walmart).getByLabelText('Category'), 'T-Shirts');
    await user.click(within(walmart).getByRole('button', { name: 'JSON' }));
    const spec = within(walmart).getByLabelText('Fields as JSON');
    await user.click(spec);
    await user.paste('["Unisex"]');
    await user.click(screen.getByTestId('template-save'));
    expect(await within(amazon).findByText('The value “Acme Prints” needs a name')).toBeInTheDocument();
    expect(within(walmart).getByText('Must be a JSON object of attribute names to values, like {"color": "Black"}')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'CreateProductTemplate')).toEqual([]);

    await user.type(within(amazon).getByLabelText('Attribute 1 name'), 'brand');
    await user.type(within(amazon).getByLabelText('Attribute 2 name'), 'fabric_type');
    await user.type(within(amazon).getByLabelText('Attribute 2 value'), '100% cotton');
    await user.clear(spec);
    await user.paste('{"gender": "Unisex", "color": ["Black"]');
    expect(within(walmart).getByText(/^Not valid JSON/)).toBeInTheDocument();
    await user.paste('}');
    expect(within(walmart).queryByRole('alert')).toBeNull();

    await user.click(screen.getByTestId('template-save'));
    expect(await within(walmart).findByText('walmartCategory: at most 200 characters')).toBeInTheDocument();
    const { input } = variablesOf(app.api.calls, 'CreateProductTemplate')[0] as { input: Record<string, unknown> };
    expect(input).toMatchObject({
      amazonProductType: 'SHIRT',
      amazonAttributes: { brand: 'Acme Prints', 'fabric_type': '100% cotton' },
      walmartCategory: 'T-Shirts',
      walmartItemSpec: { gender: 'Unisex', color: ['Black'] },
    });

    await user.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(app.location()).toBe(paths.productTemplates.list));
  });

  it('sends no channel fields when none are filled in, and carries rows over to JSON', async () => {
    const app = setup({ CreateProductTemplate: () => ok({ createProductTemplate: { id: 'tpl-4', name: 'Plain tee' } }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Plain tee');
    await user.type(screen.getByLabelText('Product title'), 'Plain tee');
    const amazon = screen.getByTestId('amazon-fields');
    await user.type(within(amazon).getByLabelText('Attribute 1 name'), 'color');
    await user.type(within(amazon).getByLabelText('Attribute 1 value'), 'Black');
    await user.click(within(amazon).getByRole('button', { name: 'JSON' }));
    expect(JSON.parse((within(amazon).getByLabelText('Attributes as JSON') as HTMLTextAreaElement).value)).toEqual({ color: 'Black' });
    await user.click(within(amazon).getByRole('button', { name: 'Rows' }));
    await user.click(within(amazon).getByRole('button', { name: 'Remove attribute color' }));
    await user.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'CreateProductTemplate')).toHaveLength(1));
    const { input } = variablesOf(app.api.calls, 'CreateProductTemplate')[0] as { input: Record<string, unknown> };
    expect(input).toMatchObject({ amazonProductType: null, amazonAttributes: null, walmartCategory: null, walmartItemSpec: null });
  });

  it('marks what the chosen category requires where it is, and focuses the first field the server names', async () => {
    const rules = { categoryId: '601226', known: true, packageWeightRequired: true, packageDimensionsRequired: true, sizeChartRequired: false, minImages: 1, requiredAttributes: [] };
    const refusal = {
      body: {
        data: null,
        errors: [
          {
            message: 'The template is not ready to list',
            extensions: {
              code: 'BAD_USER_INPUT',
              field: 'packageDimensions',
              fields: [
                { field: 'packageDimensions', message: 'Add the package length, width and height: TikTok Shop requires them in this category.' },
                { field: 'attributes.100198', message: 'Choose Material: TikTok Shop requires it in this category.' },
              ],
            },
          },
        ],
      },
    };
    const app = setup({ GetTiktokCategoryRules: () => ok({ getTiktokCategoryRules: rules }), CreateProductTemplate: () => refusal });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Poster');
    await user.type(screen.getByLabelText('Product title'), 'Poster');
    await pickCategory(user, ['Clothing', 'Tops', 'T-shirts']);
    await waitFor(() => expect(variablesOf(app.api.calls, 'GetTiktokCategoryRules')).toEqual([{ categoryId: '601226' }]));
    // Marked on the fields themselves as soon as the category is known.
    expect(await screen.findByText('Add the package weight: TikTok Shop needs it to work out shipping.')).toBeInTheDocument();
    expect(screen.getByText('Add the package length, width and height: TikTok Shop requires them in this category.')).toBeInTheDocument();

    // Not sent while they are missing; the weight field is focused.
    await user.click(screen.getByTestId('template-save'));
    expect(variablesOf(app.api.calls, 'CreateProductTemplate')).toEqual([]);
    expect(within(screen.getByTestId('template-missing')).getByRole('button', { name: /package weight/ })).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('template-package-weight'));

    // Saved as a draft it may stay unfinished: sent, and the server's list is shown by field.
    await user.click(document.getElementById('template-status')!.closest('.p-dropdown')!);
    await user.click(await screen.findByRole('option', { name: 'Draft', hidden: true }));
    await user.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(variablesOf(app.api.calls, 'CreateProductTemplate')).toHaveLength(1));
    const missing = await screen.findByTestId('template-missing');
    expect(within(missing).getByText('Choose Material: TikTok Shop requires it in this category.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('template-package-width'));
  });
});
