import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Thumb } from '@/components/ui/thumb';
import { UploadButton } from '@/components/ui/upload-button';
import type { CacheProductDesignInput } from '@/gql/graphql';
import { notify } from '@/lib/notify';
import { useApiClient } from '@/lib/session';
import { productOptionsQueryOptions, useCacheDesign } from '../api/designs';

type Side = 'designFrontUrl' | 'designBackUrl' | 'designSleeveUrl' | 'designHoodUrl';
const SIDES: { key: Side; label: string }[] = [
  { key: 'designFrontUrl', label: 'Front' },
  { key: 'designBackUrl', label: 'Back' },
  { key: 'designSleeveUrl', label: 'Sleeve' },
  { key: 'designHoodUrl', label: 'Hood' },
];

interface Form {
  product: { id: string; name: string } | string | null;
  sellerProductId: string;
  externalProductId: string;
  variant: string;
  images: string[];
  designFrontUrl: string;
  designBackUrl: string;
  designSleeveUrl: string;
  designHoodUrl: string;
}
const empty: Form = { product: null, sellerProductId: '', externalProductId: '', variant: '', images: [], designFrontUrl: '', designBackUrl: '', designSleeveUrl: '', designHoodUrl: '' };

/** Keeps the print files of a product (or a marketplace product) for fulfilment (cacheProductDesign). */
export function AddDesignDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const cache = useCacheDesign();
  const [form, setForm] = useState<Form>(empty);
  const [submitted, setSubmitted] = useState(false);
  const [suggestions, setSuggestions] = useState<{ id: string; name: string }[]>([]);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  const close = () => {
    setForm(empty);
    setSubmitted(false);
    onHide();
  };
  const productId = form.product && typeof form.product === 'object' ? form.product.id : null;
  const hasOwner = !!productId || !!form.sellerProductId.trim() || !!form.externalProductId.trim();
  const hasFiles = SIDES.some((s) => form[s.key]) || form.images.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!hasOwner || !hasFiles) return;
    const input: CacheProductDesignInput = {};
    if (productId) input.productId = productId;
    if (form.sellerProductId.trim()) input.sellerProductId = form.sellerProductId.trim();
    if (form.externalProductId.trim()) input.externalProductId = form.externalProductId.trim();
    if (form.variant.trim()) input.variant = form.variant.trim();
    if (form.images.length) input.images = form.images;
    for (const s of SIDES) if (form[s.key]) input[s.key] = form[s.key];
    cache.mutate(input, {
      onSuccess: () => {
        notify.success('The design was saved.');
        close();
      },
    });
  };

  return (
    <Dialog header="Add a design" visible={visible} onHide={close} style={{ width: '40rem' }} breakpoints={{ '720px': '95vw' }} draggable={false}>
      <form onSubmit={onSubmit} className="stack" noValidate aria-label="Add a design">
        <Field id="design-product" label="Product" error={submitted && !hasOwner ? 'Choose a product, or give a seller or marketplace product id' : null}>
          <AutoComplete
            inputId="design-product"
            value={form.product}
            suggestions={suggestions}
            field="name"
            completeMethod={(e) =>
              void queryClient
                .fetchQuery(productOptionsQueryOptions(client, e.query.trim()))
                .then(setSuggestions)
                .catch(() => setSuggestions([]))
            }
            onChange={(e) => set('product', e.value as Form['product'])}
            dropdown
            forceSelection
            placeholder="Search your products"
            className="w-full"
            inputClassName="w-full"
          />
        </Field>
        <div className="field-row">
          <Field id="design-seller-id" label="Seller product id">
            <InputText id="design-seller-id" value={form.sellerProductId} onChange={(e) => set('sellerProductId', e.target.value)} />
          </Field>
          <Field id="design-external-id" label="Marketplace product id">
            <InputText id="design-external-id" value={form.externalProductId} onChange={(e) => set('externalProductId', e.target.value)} />
          </Field>
        </div>
        <Field id="design-variant" label="Variant" hint="e.g. Black / M; leave empty when the design fits every variant.">
          <InputText id="design-variant" value={form.variant} onChange={(e) => set('variant', e.target.value)} />
        </Field>
        <div className="design-sides">
          {SIDES.map((s) => (
            <div key={s.key} className="design-side">
              <Thumb src={form[s.key] || null} size={56} alt={s.label} />
              <div className="design-side-body">
                <span className="design-side-label">{s.label}</span>
                {form[s.key] ? (
                  <Button type="button" label="Remove" size="small" text severity="secondary" onClick={() => set(s.key, '')} />
                ) : (
                  <UploadButton folder="designs" size="small" label="Upload" testId={`add-design-${s.label.toLowerCase()}`} onUploaded={(f) => set(s.key, f[0]?.fileUrl ?? '')} />
                )}
              </div>
            </div>
          ))}
        </div>
        <div className="stack-sm">
          <span className="design-side-label">Mockup images</span>
          <div className="image-strip">
            {form.images.map((u) => (
              <button key={u} type="button" className="thumb-button" title="Remove" onClick={() => set('images', form.images.filter((x) => x !== u))}>
                <Thumb src={u} size={48} />
              </button>
            ))}
            <UploadButton folder="mockups" size="small" multiple label="Add images" testId="add-design-images" onUploaded={(f) => set('images', [...form.images, ...f.map((x) => x.fileUrl)])} />
          </div>
          {submitted && !hasFiles ? <small className="field-error">Upload at least one design file or image</small> : null}
        </div>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={close} />
          <Button type="submit" label="Save design" icon="pi pi-check" loading={cache.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
