import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { BulkProgress } from '@/components/ui/bulk-progress';
import { ErrorState } from '@/components/ui/empty-state';
import { MockupPreview } from '@/components/ui/mockup-preview';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { PageSpinner } from '@/components/ui/spinner';
import { BulkProgressDialog, type TrackedBatch } from '@/components/ui/bulk-progress';
import { paths } from '@/config/paths';
import type { GetProductByIdQuery, GetProductVariantsQuery, ProductStatus, UpdateProductInput } from '@/gql/graphql';
import { ApiError } from '@/lib/api-client';
import { useFixParam } from '@/lib/field-focus';
import { liveStatusLabels, productStatusLabels } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { productsKeys, useBrands, useBulkListingProduct, useBulkRenderMockups, useProduct, useProductVariants, useUpdateProduct } from '../api/products';
import { ImagesEditor, type ImageDraft } from './images-editor';
import { PackageFields, packageErrors, packageFrom, packageInputs, type PackageDraft } from '@/components/ui/package-fields';
import { VariantsEditor, variantInputs, variantsError, type VariantsState } from './variants-editor';

type Product = GetProductByIdQuery['getProductById'];
type Variant = GetProductVariantsQuery['getProductVariants'][number];

const STATUSES: ProductStatus[] = ['UNPUBLISHED', 'PUBLISHED', 'SOLD'];

interface Draft {
  name: string;
  description: string;
  status: ProductStatus;
  originUrl: string;
  brandId: string | null;
  categoryName: string;
  images: ImageDraft[];
  pkg: PackageDraft;
  variants: VariantsState;
}

function draftOf(p: Product, variants: Variant[]): Draft {
  const attributeNames: string[] = [];
  for (const v of variants) for (const a of v.attributes) if (!attributeNames.includes(a.attribute.name)) attributeNames.push(a.attribute.name);
  return {
    name: p.name,
    description: p.description ?? '',
    status: p.status,
    originUrl: p.originUrl ?? '',
    brandId: p.brand?.id ?? null,
    categoryName: p.category?.name ?? '',
    images: [...p.images].sort((a, b) => a.sequence - b.sequence).map((i) => ({ imageUrl: i.imageUrl, isPrimary: i.isPrimary })),
    pkg: packageFrom(p.packageWeight, p.packageDimensions),
    variants: {
      attributeNames,
      removed: [],
      rows: variants.map((v) => {
        const attributes = Object.fromEntries(v.attributes.map((a) => [a.attribute.name, a.value]));
        const base = { sku: v.sku, salePrice: v.salePrice, listPrice: v.listPrice, quantity: v.quantity, attributes };
        return { key: v.id, id: v.id, ...base, original: base };
      }),
    },
  };
}

function ProductForm({ product, variants }: { product: Product; variants: Variant[] }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, variants));
  const [submitted, setSubmitted] = useState(false);
  // A "Fix" link from a refused listing (`?fix=packageWeight`) lands on that field.
  useFixParam('product', true);
  const update = useUpdateProduct();
  const brands = useBrands();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const pkgErrors = packageErrors(draft.pkg);
  const invalid = {
    name: !draft.name.trim() ? 'Required' : null,
    originUrl: draft.originUrl.trim() && !/^https?:\/\//i.test(draft.originUrl.trim()) ? 'Must start with http:// or https://' : null,
    variants: variantsError(draft.variants),
  };
  const serverError = update.error instanceof ApiError ? update.error : null;
  const serverField = serverError?.field ?? '';
  const fieldError = (name: string) => (serverField === name || serverField.startsWith(`${name}.`) ? serverError?.message : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid.name || invalid.originUrl || invalid.variants || pkgErrors.weight || pkgErrors.dimensions) {
      notify.warn('Some fields need attention before saving.');
      return;
    }
    const input: UpdateProductInput = {
      name: draft.name.trim(),
      status: draft.status,
      images: draft.images.map((img, sequence) => ({ imageUrl: img.imageUrl, isPrimary: img.isPrimary, sequence })),
      ...packageInputs(draft.pkg),
    };
    // Optional texts go only when they changed (an emptied one is sent empty, to clear it).
    const texts = { description: product.description ?? '', originUrl: product.originUrl ?? '', categoryName: product.category?.name ?? '' };
    for (const key of ['description', 'originUrl', 'categoryName'] as const) if (draft[key].trim() !== texts[key]) input[key] = draft[key].trim();
    if (draft.brandId && draft.brandId !== product.brand?.id) input.brandId = draft.brandId;
    const variantChanges = variantInputs(draft.variants);
    if (variantChanges) input.variants = variantChanges;
    update.mutate(
      { id: product.id, input },
      {
        onSuccess: () => {
          notify.success(`${draft.name.trim()} was saved.`);
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="stack-lg" noValidate aria-label="Edit product">
      <div className="grid-2">
        <Panel title="Details">
          <div className="stack">
            <Field id="product-name" label="Name" error={(submitted ? invalid.name : null) ?? fieldError('name')}>
              <InputText id="product-name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
            </Field>
            <Field id="product-description" label="Description" error={fieldError('description')}>
              <InputTextarea id="product-description" value={draft.description} onChange={(e) => set('description', e.target.value)} rows={5} autoResize className="w-full" />
            </Field>
            <div className="field-row">
              <Field id="product-status" label="Status">
                <Dropdown inputId="product-status" value={draft.status} options={STATUSES.map((s) => ({ label: productStatusLabels[s], value: s }))} onChange={(e) => set('status', e.value as ProductStatus)} />
              </Field>
              <Field id="product-brand" label="Brand" error={fieldError('brandId')}>
                <Dropdown
                  inputId="product-brand"
                  value={draft.brandId}
                  options={(brands.data ?? []).map((b) => ({ label: b.name, value: b.id }))}
                  onChange={(e) => set('brandId', (e.value as string | null) ?? null)}
                  placeholder="No brand"
                  showClear
                  filter
                />
              </Field>
            </div>
            <Field id="product-category" label="Category" error={fieldError('categoryName')}>
              <InputText id="product-category" value={draft.categoryName} onChange={(e) => set('categoryName', e.target.value)} />
            </Field>
            <Field id="product-origin" label="Origin URL" error={(submitted ? invalid.originUrl : null) ?? fieldError('originUrl')} hint="Where a dropship product comes from.">
              <InputText id="product-origin" value={draft.originUrl} onChange={(e) => set('originUrl', e.target.value)} />
            </Field>
          </div>
        </Panel>
        <div className="stack-lg">
          <Panel title="Images">
            <ImagesEditor images={draft.images} onChange={(images) => set('images', images)} />
            {fieldError('images') ? <small className="field-error">{fieldError('images')}</small> : null}
          </Panel>
          <Panel title="Package">
            <PackageFields value={draft.pkg} onChange={(pkg) => set('pkg', pkg)} idPrefix="product-package" showErrors={submitted} />
          </Panel>
          <MockupsPanel product={product} />
          {product.publishedShops.length ? <OnShopsPanel product={product} /> : null}
        </div>
      </div>
      <Panel title={`Variants (${draft.variants.rows.length})`}>
        <VariantsEditor state={draft.variants} onChange={(variants) => set('variants', variants)} error={(submitted ? invalid.variants : null) ?? fieldError('variants')} />
      </Panel>
      <div className="form-actions">
        <Link to={paths.products.list} className="p-button p-button-text p-button-secondary">
          <span className="p-button-label">Back to products</span>
        </Link>
        <Button type="submit" label="Save" icon="pi pi-check" loading={update.isPending} data-testid="product-save" />
      </div>
    </form>
  );
}

/**
 * The product's mockups (its designs on its template's blank photos): the listing's main images,
 * rendered when it is listed or here on demand, kept apart from the images above.
 */
function MockupsPanel({ product }: { product: Product }) {
  const render = useBulkRenderMockups();
  const queryClient = useQueryClient();
  const [batchId, setBatchId] = useState<string | null>(null);
  return (
    <Panel
      title="Mockups"
      actions={<Button type="button" label={product.mockupImages.length ? 'Render again' : 'Render mockups'} icon="pi pi-images" size="small" outlined loading={render.isPending} onClick={() => render.mutate([product.id], { onSuccess: (r) => setBatchId(r.batchId) })} />}
    >
      <div className="stack">
        {product.mockupImages.length ? (
          <MockupPreview images={product.mockupImages} />
        ) : (
          <p className="muted">No mockup yet: they are made from the blank photos of the product's template when it is listed (or now, with Render mockups).</p>
        )}
        {batchId ? <BulkProgress id={batchId} title="Rendering mockups" onFinished={() => void queryClient.invalidateQueries({ queryKey: productsKeys.detail(product.id) })} /> : null}
      </div>
    </Panel>
  );
}

/** One product: details, images, package, variants. */
export function EditProductScreen() {
  const { productId = '' } = useParams();
  const product = useProduct(productId);
  const variants = useProductVariants(productId);
  if (product.isPending || variants.isPending) return <PageSpinner />;
  if (product.isError || variants.isError) {
    return (
      <div className="screen">
        <PageHeader title="Edit product" />
        <Panel>
          <ErrorState
            error={product.error ?? variants.error}
            onRetry={() => {
              void product.refetch();
              void variants.refetch();
            }}
          />
        </Panel>
      </div>
    );
  }
  return (
    <div className="screen">
      <PageHeader title={product.data.name} description="Details, images, package and variants of this product." />
      {/* Keyed by the loaded data: a save refetches both, and the form starts again from the server's state. */}
      <ProductForm key={`${product.data.updatedAt}-${variants.dataUpdatedAt}`} product={product.data} variants={variants.data} />
    </div>
  );
}

/** Where the product is listed; a failed listing with the marketplace's words and a retry. */
function OnShopsPanel({ product }: { product: Product }) {
  const listing = useBulkListingProduct();
  const [batches, setBatches] = useState<TrackedBatch[] | null>(null);
  const onRetry = (shop: Product['publishedShops'][number]) =>
    listing.mutate(
      { shopId: shop.id, productIds: [product.id], mode: shop.listingMode ?? 'LISTING' },
      { onSuccess: (r) => setBatches([{ id: r.batchId, title: `Listing ${product.name} on ${shop.name} again` }]) },
    );
  return (
    <Panel title="On shops">
      <div className="stack-sm">
        {product.publishedShops.map((s) =>
          s.failed ? (
            <div key={s.id} className="listing-failed" data-testid="listing-failed">
              <Tag value={`${s.name} · Failed`} severity="danger" icon="pi pi-times-circle" rounded />
              {s.errorMessages.length ? <span className="listing-failed-message">{s.errorMessages.join(' ')}</span> : null}
              <Button type="button" label="Retry" icon="pi pi-replay" size="small" text onClick={() => onRetry(s)} loading={listing.isPending} data-testid="listing-retry" />
            </div>
          ) : (
            <div key={s.id}>
              <Tag value={`${s.name} · ${liveStatusLabels[s.liveStatus]}`} rounded severity={s.liveStatus === 'LIVE' ? 'success' : 'secondary'} />
            </div>
          ),
        )}
      </div>
      <BulkProgressDialog header="Listing" batches={batches} onHide={() => setBatches(null)} />
    </Panel>
  );
}
