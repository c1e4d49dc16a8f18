import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PackageFields, emptyPackage, packageErrors, packageFrom, packageInputs, type PackageDraft } from '@/components/ui/package-fields';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { PageSpinner } from '@/components/ui/spinner';
import { Thumb } from '@/components/ui/thumb';
import { UploadButton } from '@/components/ui/upload-button';
import { paths } from '@/config/paths';
import type { GetProductTemplateQuery, ProductTemplateInput, ProductType, TemplateStatus } from '@/gql/graphql';
import { ApiError, type FieldProblem } from '@/lib/api-client';
import { fieldElementId, focusField, useFixParam } from '@/lib/field-focus';
import { notify } from '@/lib/notify';
import { useCategoryAttributes, useCategoryRules, useCreateTemplate, useTemplate, useUpdateTemplate } from '../api/templates';
import { AttributesForm, missingAttributes, parseAttributes, serializeAttributes, type AttributeValues } from './attributes-form';
import { BrandPicker } from './brand-picker';
import { CategoryPicker } from './category-picker';
import { missingForCategory, problemFor } from './completeness';
import { MockupBlanksSection, blankDrafts, blankInputs, blankProblems, type BlankDraft } from './mockup-blanks-section';
import { ObjectEditor, emptyObjectDraft, objectDraftFrom, parseObjectDraft, type ObjectDraft } from './object-editor';
import { PriceFormulaField, formulaProblem } from './price-formula-field';
import { VariantsMatrix, matrixError, parseVariants, serializeVariants, type Matrix } from './variants-matrix';

type Template = GetProductTemplateQuery['getProductTemplate'];

interface Draft {
  name: string;
  title: string;
  description: string;
  type: ProductType;
  status: TemplateStatus;
  categoryId: string | null;
  brandId: string | null;
  images: string[];
  sizeChart: string;
  pkg: PackageDraft;
  matrix: Matrix;
  attributes: AttributeValues;
  priceFormula: string;
  amazonProductType: string;
  amazonAttributes: ObjectDraft;
  walmartCategory: string;
  walmartItemSpec: ObjectDraft;
  mockupBlanks: BlankDraft[];
}

const blank: Draft = {
  name: '',
  title: '',
  description: '',
  type: 'POD',
  status: 'ACTIVE',
  categoryId: null,
  brandId: null,
  images: [],
  sizeChart: '',
  pkg: emptyPackage,
  matrix: { options: [], rows: [{ attributes: {}, sku: '', salePrice: null, listPrice: null, quantity: null }] },
  attributes: {},
  priceFormula: '',
  amazonProductType: '',
  amazonAttributes: emptyObjectDraft,
  walmartCategory: '',
  walmartItemSpec: emptyObjectDraft,
  mockupBlanks: [],
};

function draftOf(t: Template): Draft {
  return {
    name: t.name,
    title: t.title,
    description: t.description ?? '',
    type: t.type,
    status: t.status,
    categoryId: t.tiktokCategoryId ?? null,
    brandId: t.tiktokBrandId ?? null,
    images: t.images,
    sizeChart: t.sizeChart ?? '',
    pkg: packageFrom(t.packageWeight, t.packageDimensions),
    matrix: parseVariants(t.variants),
    attributes: parseAttributes(t.tiktokProductAttribute),
    priceFormula: t.priceFormula ?? '',
    amazonProductType: t.amazonProductType ?? '',
    amazonAttributes: objectDraftFrom(t.amazonAttributes),
    walmartCategory: t.walmartCategory ?? '',
    walmartItemSpec: objectDraftFrom(t.walmartItemSpec),
    mockupBlanks: blankDrafts(t.mockupBlanks),
  };
}

function TemplateForm({ template }: { template: Template | null }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => (template ? draftOf(template) : blank));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;
  const mutationError = (template ? update.error : create.error) as unknown;
  const attributes = useCategoryAttributes(draft.categoryId);
  const rules = useCategoryRules(draft.categoryId);
  useFixParam('template', true);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const attrList = attributes.data ?? [];
  const suggestions = attrList.filter((a) => a.type === 'SALES_PROPERTY').map((a) => ({ name: a.name, values: a.values.map((v) => v.name) }));
  const pkgErrors = packageErrors(draft.pkg);
  const amazonAttributes = parseObjectDraft(draft.amazonAttributes);
  const walmartItemSpec = parseObjectDraft(draft.walmartItemSpec);
  const invalid = {
    name: !draft.name.trim() ? 'Required' : null,
    title: !draft.title.trim() ? 'Required' : null,
    matrix: matrixError(draft.matrix),
    // A draft may be saved unfinished; an active template must have what the category requires.
    attributes: draft.status === 'ACTIVE' && draft.categoryId && attributes.data ? missingAttributes(attrList, draft.attributes) : [],
    formula: formulaProblem(draft.priceFormula),
    amazonAttributes: amazonAttributes.error,
    walmartItemSpec: walmartItemSpec.error,
    mockupBlanks: blankProblems(draft.mockupBlanks).some(Boolean),
  };
  const server = mutationError instanceof ApiError ? mutationError : null;
  const serverField = server?.field ?? '';
  // A refusal naming several fields marks each where it is; one naming a single field, that one.
  const serverFor = (name: string) =>
    server?.fields.length ? problemFor(server.fields, name) : serverField === name || serverField.startsWith(`${name}.`) ? server?.message : null;
  // What the chosen category still asks for, marked as the seller types (not only after a save).
  const missing = missingForCategory(draft, rules.data);
  const missingFor = (name: string) => problemFor(missing, name) ?? serverFor(name);
  const problemsOf = (names: readonly string[]): FieldProblem[] =>
    names.map((name) => {
      const id = attrList.find((a) => a.name === name)?.id;
      return { field: id ? `attributes.${id}` : null, message: `Choose ${name}: TikTok Shop requires it in this category.` };
    });
  const problems: FieldProblem[] = submitted ? [...missing, ...problemsOf(invalid.attributes)] : [];
  const focusFirst = (list: readonly FieldProblem[]) => {
    const first = list.find((p) => p.field);
    if (first?.field) focusField(fieldElementId('template', first.field));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    create.reset();
    update.reset();
    if (
      invalid.name ||
      invalid.title ||
      invalid.matrix ||
      invalid.attributes.length ||
      invalid.formula ||
      invalid.amazonAttributes ||
      invalid.walmartItemSpec ||
      invalid.mockupBlanks ||
      pkgErrors.weight ||
      pkgErrors.dimensions ||
      missing.length
    ) {
      const all = [...missing, ...problemsOf(invalid.attributes)];
      notify.warn(missing.length ? `The template is not ready to list: ${missing.length === 1 ? missing[0]?.message : `${missing.length} fields to fill in`}. Save it as a draft to finish later.` : 'Some fields need attention before saving.');
      focusFirst(all);
      return;
    }
    // Attributes belong to a category: rewritten from the form once the category's list is known.
    const tiktokProductAttribute = attributes.data
      ? serializeAttributes(attrList, draft.attributes)
      : draft.categoryId && draft.categoryId === template?.tiktokCategoryId
        ? template.tiktokProductAttribute
        : null;
    const input: ProductTemplateInput = {
      name: draft.name.trim(),
      title: draft.title.trim(),
      description: draft.description.trim() || null,
      type: draft.type,
      status: draft.status,
      tiktokCategoryId: draft.categoryId,
      tiktokBrandId: draft.brandId,
      images: draft.images,
      sizeChart: draft.sizeChart || null,
      variants: serializeVariants(draft.matrix.rows),
      tiktokProductAttribute,
      priceFormula: draft.priceFormula.trim() || null,
      // Every channel's fields each time: an update replaces the whole template.
      amazonProductType: draft.amazonProductType.trim() || null,
      amazonAttributes: amazonAttributes.value,
      walmartCategory: draft.walmartCategory.trim() || null,
      walmartItemSpec: walmartItemSpec.value,
      // The form holds the whole set: given, it replaces the template's blanks.
      mockupBlanks: blankInputs(draft.mockupBlanks),
      ...packageInputs(draft.pkg),
    };
    const done = (saved: { name: string }) => {
      notify.success(`${saved.name} was saved.`);
      navigate(paths.productTemplates.list);
    };
    const refused = (error: unknown) => {
      if (error instanceof ApiError) focusFirst(error.fields.length ? error.fields : error.field ? [{ field: error.field, message: error.message }] : []);
    };
    if (template) update.mutate({ templateId: template.id, input }, { onSuccess: done, onError: refused });
    else create.mutate(input, { onSuccess: done, onError: refused });
  };

  const prices = draft.matrix.rows.map((r) => r.salePrice);

  return (
    <form onSubmit={onSubmit} className="stack-lg" noValidate aria-label={template ? 'Edit template' : 'New template'}>
      <div className="grid-2">
        <Panel title="Basics">
          <div className="stack">
            <Field id="template-name" label="Name" error={(submitted ? invalid.name : null) ?? serverFor('name')} hint="For you: how the template is listed.">
              <InputText id="template-name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
            </Field>
            <Field id="template-title" label="Product title" error={(submitted ? invalid.title : null) ?? serverFor('title')} hint="The title products made from it start with.">
              <InputText id="template-title" value={draft.title} onChange={(e) => set('title', e.target.value)} />
            </Field>
            <Field id="template-description" label="Description" error={serverFor('description')}>
              <InputTextarea id="template-description" value={draft.description} onChange={(e) => set('description', e.target.value)} rows={4} autoResize className="w-full" />
            </Field>
            <div className="field-row">
              <Field id="template-type" label="Type">
                <Dropdown
                  inputId="template-type"
                  value={draft.type}
                  options={[
                    { label: 'Print on demand', value: 'POD' },
                    { label: 'Dropship', value: 'DROPSHIP' },
                  ]}
                  onChange={(e) => set('type', e.value as ProductType)}
                />
              </Field>
              <Field id="template-status" label="Status">
                <Dropdown
                  inputId="template-status"
                  value={draft.status}
                  options={[
                    { label: 'Active', value: 'ACTIVE' },
                    { label: 'Draft', value: 'DRAFT' },
                  ]}
                  onChange={(e) => set('status', e.value as TemplateStatus)}
                />
              </Field>
            </div>
          </div>
        </Panel>
        <div className="stack-lg">
          <Panel title="Images">
            <div className="stack">
              <ul className="image-list">
                {draft.images.map((url, i) => (
                  <li key={`${url}-${i}`} className="image-item">
                    <Thumb src={url} size={72} alt={`Template image ${i + 1}`} />
                    <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove template image ${i + 1}`} onClick={() => set('images', draft.images.filter((_, j) => j !== i))} />
                  </li>
                ))}
              </ul>
              <div>
                <UploadButton folder="templates" multiple label="Upload images" testId="template-images" onUploaded={(files) => set('images', [...draft.images, ...files.map((f) => f.fileUrl)])} />
              </div>
              <Field id="template-size-chart" label="Size chart" error={missingFor('sizeChart')}>
                <div className="size-chart" id="template-size-chart">
                  <Thumb src={draft.sizeChart || null} size={72} alt="Size chart" />
                  {draft.sizeChart ? (
                    <Button type="button" label="Remove" size="small" text severity="secondary" onClick={() => set('sizeChart', '')} />
                  ) : (
                    <UploadButton folder="size-charts" size="small" label="Upload size chart" testId="size-chart" onUploaded={(files) => set('sizeChart', files[0]?.fileUrl ?? '')} />
                  )}
                </div>
              </Field>
            </div>
          </Panel>
          <Panel title="Package">
            <PackageFields
              value={draft.pkg}
              onChange={(pkg) => set('pkg', pkg)}
              idPrefix="template-package"
              showErrors={submitted}
              required={{ weight: missingFor('packageWeight'), dimensions: missingFor('packageDimensions') }}
            />
          </Panel>
        </div>
      </div>

      <Panel title="Mockups">
        <MockupBlanksSection value={draft.mockupBlanks} onChange={(v) => set('mockupBlanks', v)} showErrors={submitted} serverFor={serverFor} />
      </Panel>

      <Panel title="TikTok Shop">
        <div className="stack">
          <div className="field-row">
            <Field id="template-category" label="Category" error={serverFor('tiktokCategoryId')}>
              <CategoryPicker inputId="template-category" value={draft.categoryId} onChange={(id) => set('categoryId', id)} />
            </Field>
            <Field id="template-brand" label="Brand" error={serverFor('tiktokBrandId')}>
              <BrandPicker inputId="template-brand" value={draft.brandId} onChange={(id) => set('brandId', id)} />
            </Field>
          </div>
          {draft.categoryId ? (
            attributes.isPending ? (
              <p className="muted">Loading the category's attributes…</p>
            ) : attributes.isError ? (
              <ErrorState error={attributes.error} onRetry={() => void attributes.refetch()} />
            ) : (
              <>
                <AttributesForm attributes={attrList} values={draft.attributes} onChange={(v) => set('attributes', v)} showErrors={submitted} />
                {serverFor('tiktokProductAttribute') ? <small className="field-error">{serverFor('tiktokProductAttribute')}</small> : null}
                {serverFor('attributes') ? <small className="field-error">{serverFor('attributes')}</small> : null}
              </>
            )
          ) : (
            <p className="muted">Choose a category to fill in the attributes TikTok Shop asks for.</p>
          )}
        </div>
      </Panel>

      <div className="grid-2">
        <Panel title="Amazon">
          <div className="stack" data-testid="amazon-fields">
            <p className="muted channel-section-hint">Used when products made from this template are listed on Amazon shops.</p>
            <Field id="template-amazon-product-type" label="Product type" error={serverFor('amazonProductType')} hint="Amazon's product type, such as SHIRT, SWEATSHIRT or HAT.">
              <InputText id="template-amazon-product-type" value={draft.amazonProductType} onChange={(e) => set('amazonProductType', e.target.value.toUpperCase())} placeholder="SHIRT" spellCheck={false} />
            </Field>
            <Field id="template-amazon-attributes" label="Attributes" hint="The product type's attributes by name; title, description, price and images come from the product.">
              <ObjectEditor
                id="template-amazon-attributes"
                noun="Attribute"
                value={draft.amazonAttributes}
                onChange={(v) => set('amazonAttributes', v)}
                error={(submitted ? invalid.amazonAttributes : null) ?? serverFor('amazonAttributes')}
                placeholder={{ key: 'brand', value: 'Acme Prints' }}
              />
            </Field>
          </div>
        </Panel>
        <Panel title="Walmart">
          <div className="stack" data-testid="walmart-fields">
            <p className="muted channel-section-hint">Used when products made from this template are listed on Walmart shops.</p>
            <Field id="template-walmart-category" label="Category" error={serverFor('walmartCategory')} hint="Walmart's category (its item feed's product type), such as T-Shirts.">
              <InputText id="template-walmart-category" value={draft.walmartCategory} onChange={(e) => set('walmartCategory', e.target.value)} placeholder="T-Shirts" />
            </Field>
            <Field id="template-walmart-item-spec" label="Item spec" hint="The category's fields by name, such as color, clothingSize and gender.">
              <ObjectEditor
                id="template-walmart-item-spec"
                noun="Field"
                value={draft.walmartItemSpec}
                onChange={(v) => set('walmartItemSpec', v)}
                error={(submitted ? invalid.walmartItemSpec : null) ?? serverFor('walmartItemSpec')}
                placeholder={{ key: 'gender', value: 'Unisex' }}
              />
            </Field>
          </div>
        </Panel>
      </div>

      <Panel title="Variants">
        <div id="template-variants" tabIndex={-1}>
          <VariantsMatrix value={draft.matrix} onChange={(m) => set('matrix', m)} suggestions={suggestions} error={(submitted ? invalid.matrix : null) ?? serverFor('variants')} />
        </div>
      </Panel>

      <Panel title="Pricing">
        <PriceFormulaField value={draft.priceFormula} onChange={(v) => set('priceFormula', v)} prices={prices} serverError={serverFor('priceFormula')} showErrors={submitted} />
      </Panel>

      {problems.length || server?.fields.length ? (
        <div className="field-error" role="alert" data-testid="template-missing">
          <p>Before this template can be active:</p>
          <ul className="missing-list">
            {(server?.fields.length ? server.fields : problems).map((p, i) => (
              <li key={`${p.field ?? ''}-${i}`}>
                {p.field && fieldElementId('template', p.field) ? (
                  <button type="button" className="p-link fix-link" onClick={() => focusField(fieldElementId('template', p.field ?? ''))}>
                    {p.message}
                  </button>
                ) : (
                  p.message
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="form-actions">
        <Link to={paths.productTemplates.list} className="p-button p-button-text p-button-secondary">
          <span className="p-button-label">Cancel</span>
        </Link>
        <Button type="submit" label={template ? 'Save template' : 'Create template'} icon="pi pi-check" loading={saving} disabled={!!draft.categoryId && attributes.isPending} data-testid="template-save" />
      </div>
    </form>
  );
}

/** Create a template (no id) or edit one (`:templateId`). */
export function TemplateFormScreen() {
  const { templateId } = useParams();
  const template = useTemplate(templateId);
  if (templateId && template.isPending) return <PageSpinner />;
  if (templateId && template.isError) {
    return (
      <div className="screen">
        <PageHeader title="Edit template" />
        <Panel>
          <ErrorState error={template.error} onRetry={() => void template.refetch()} />
        </Panel>
      </div>
    );
  }
  const t = templateId ? (template.data ?? null) : null;
  return (
    <div className="screen">
      <PageHeader
        title={t ? `Edit ${t.name}` : 'New template'}
        description="Fields, variants, each channel's listing data and a price formula that products made from it start with."
      />
      <TemplateForm key={t?.id ?? 'new'} template={t} />
    </div>
  );
}
