import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BulkProgress, type TrackedBatch } from '@/components/ui/bulk-progress';
import { Field } from '@/components/ui/field';
import { MockupPreview } from '@/components/ui/mockup-preview';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { Thumb } from '@/components/ui/thumb';
import { UploadButton } from '@/components/ui/upload-button';
import { paths } from '@/config/paths';
import type { DesignInput, ListingMode } from '@/gql/graphql';
import { saleChannelLabels, useShopOptions, useTemplateOptions } from '@/lib/lookups';
import { plural } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { useListingModePreference } from '@/lib/preferences';
import { productsKeys, useBulkListingProduct, useCreateProductsWithTemplate } from '../api/products';

type Side = 'designFrontUrl' | 'designBackUrl' | 'designSleeveUrl' | 'designHoodUrl';
const SIDES: { key: Side; label: string }[] = [
  { key: 'designFrontUrl', label: 'Front' },
  { key: 'designBackUrl', label: 'Back' },
  { key: 'designSleeveUrl', label: 'Sleeve' },
  { key: 'designHoodUrl', label: 'Hood' },
];

interface DesignDraft {
  key: number;
  name: string;
  designFrontUrl: string;
  designBackUrl: string;
  designSleeveUrl: string;
  designHoodUrl: string;
  mockupUrls: string[];
}

/** "sunset-wave_v2.png" → "sunset wave v2". */
const nameFromFile = (fileName: string) => fileName.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();

function designErrors(d: DesignDraft): string | null {
  if (!d.name.trim()) return 'Give the design a name';
  if (!SIDES.some((s) => d[s.key]) && d.mockupUrls.length === 0) return 'Upload at least one design file or mockup';
  return null;
}

function toInput(d: DesignDraft): DesignInput {
  const input: DesignInput = { name: d.name.trim() };
  for (const s of SIDES) if (d[s.key]) input[s.key] = d[s.key];
  if (d.mockupUrls.length) input.mockupUrls = d.mockupUrls;
  return input;
}

/**
 * Products from designs: one product per design, built from a template; optionally listed on
 * shops right after, with the progress of each shop's batch.
 */
const emptyDraft = (key: number): DesignDraft => ({ key, name: '', designFrontUrl: '', designBackUrl: '', designSleeveUrl: '', designHoodUrl: '', mockupUrls: [] });

export function CreateProductsScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const templates = useTemplateOptions();
  const shops = useShopOptions();
  const create = useCreateProductsWithTemplate();
  const listing = useBulkListingProduct();
  // The first card is design 1; the ones added later count on from 2.
  const nextKey = useRef(2);
  const blank = (): DesignDraft => emptyDraft(nextKey.current++);
  // `?first=1` (the first-product path): the ready template and the connected TikTok shop start
  // chosen. Until the seller picks, the choice follows the data as it loads.
  const [params] = useSearchParams();
  const first = params.get('first') === '1';
  const [templateChoice, setTemplateId] = useState<string | null>(null);
  const activeTemplates = (templates.data ?? []).filter((t) => t.status === 'ACTIVE');
  const templateId = templateChoice ?? (first ? (activeTemplates[0]?.id ?? null) : null);
  const [designs, setDesigns] = useState<DesignDraft[]>(() => [emptyDraft(1)]);
  const [shopChoice, setShopIds] = useState<string[] | null>(null);
  const firstShop = (shops.data ?? []).find((s) => s.saleChannel === 'TIKTOK' && s.connection === 'CONNECTED');
  const shopIds = shopChoice ?? (first && firstShop ? [firstShop.id] : []);
  const [mode, setMode] = useListingModePreference<ListingMode>('LISTING');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ created: number; batches: TrackedBatch[] } | null>(null);

  const update = (key: number, patch: Partial<DesignDraft>) => setDesigns((ds) => ds.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const remove = (key: number) => setDesigns((ds) => (ds.length === 1 ? [blank()] : ds.filter((d) => d.key !== key)));

  // Several files at once: one design each, named after the file, the file as its front.
  const addFromFiles = (files: { fileUrl: string; fileName: string }[]) =>
    setDesigns((ds) => {
      const kept = ds.filter((d) => d.name.trim() || SIDES.some((s) => d[s.key]) || d.mockupUrls.length);
      return [...kept, ...files.map((f) => ({ ...blank(), name: nameFromFile(f.fileName), designFrontUrl: f.fileUrl }))];
    });

  const invalidTemplate = !templateId;
  const invalidDesigns = designs.map(designErrors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalidTemplate || invalidDesigns.some(Boolean) || !templateId) return;
    setBusy(true);
    try {
      const ids = await create.mutateAsync({ templateId, designs: designs.map(toInput) });
      const batches: TrackedBatch[] = [];
      // Listed per shop through bulkListingProduct, so each shop's batch can be followed.
      for (const shopId of shopIds) {
        const shop = shops.data?.find((s) => s.id === shopId);
        try {
          const r = await listing.mutateAsync({ shopId, productIds: ids, mode, templateId });
          batches.push({ id: r.batchId, title: `${mode === 'AS_DRAFT' ? 'Drafting' : 'Listing'} ${plural(r.queued, 'product')} on ${shop?.name ?? 'the shop'}` });
        } catch {
          // The toast says why; the products exist and can be listed from the products screen.
        }
      }
      // Created, not yet listed: the listing's own outcome shows on the progress below (and a
      // red toast if it fails), so this says no more than what happened.
      notify.success(`${plural(ids.length, 'product')} created.`, { summary: 'Created' });
      if (shopIds.length === 0) navigate(paths.products.list);
      else setResult({ created: ids.length, batches });
    } catch {
      // The toast shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  if (result) {
    return (
      <div className="screen">
        <PageHeader title="New products" description={`${plural(result.created, 'product')} created from your designs.`} />
        <Panel title="Listing on shops">
          <div className="stack" data-testid="create-progress">
            {result.batches.length === 0 ? <p className="muted">No shop accepted the listing; see the messages above. The products are in your catalogue.</p> : null}
            {result.batches.map((b) => (
              <BulkProgress key={b.id} id={b.id} title={b.title} onFinished={() => void queryClient.invalidateQueries({ queryKey: productsKeys.all })} />
            ))}
            <div className="row-gap">
              <Link to={paths.products.list} className="p-button">
                <span className="p-button-label">Go to products</span>
              </Link>
              <Button
                label="Create more"
                icon="pi pi-plus"
                outlined
                onClick={() => {
                  setResult(null);
                  setDesigns([blank()]);
                  setSubmitted(false);
                }}
              />
            </div>
          </div>
        </Panel>
      </div>
    );
  }

  return (
    <div className="screen">
      <PageHeader title="New products" description="One product per design, built from a template; list them on your shops right away if you like." />
      <form onSubmit={(e) => void onSubmit(e)} className="stack-lg" noValidate aria-label="Create products">
        <Panel title="Template">
          <Field id="create-template" label="Template" error={submitted && invalidTemplate ? 'Choose the template the products are built from' : null} hint="Its title, variants, prices and marketplace fields are copied into every product.">
            <Dropdown
              inputId="create-template"
              value={templateId}
              options={(templates.data ?? []).map((t) => ({ label: t.name, value: t.id }))}
              onChange={(e) => setTemplateId(e.value as string)}
              placeholder={templates.isPending ? 'Loading…' : templates.data?.length === 0 ? 'No template yet: create one first' : 'Choose a template'}
              filter
              data-testid="create-template"
            />
          </Field>
        </Panel>

        <Panel
          title={`Designs (${designs.length})`}
          actions={
            <>
              <UploadButton folder="designs" multiple label="Upload designs" testId="upload-designs" onUploaded={addFromFiles} />
              <Button type="button" label="Add design" icon="pi pi-plus" text onClick={() => setDesigns((ds) => [...ds, blank()])} />
            </>
          }
        >
          <div className="stack" data-testid="designs">
            {designs.map((d, index) => (
              <fieldset key={d.key} className="design-card" data-testid="design-card" aria-label={`Design ${index + 1}`}>
                <div className="design-card-head">
                  <Field id={`design-name-${d.key}`} label={`Design ${index + 1} name`} error={submitted ? invalidDesigns[index] : null}>
                    <InputText id={`design-name-${d.key}`} value={d.name} onChange={(e) => update(d.key, { name: e.target.value })} placeholder="e.g. Sunset wave" />
                  </Field>
                  <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove design ${index + 1}`} onClick={() => remove(d.key)} />
                </div>
                <div className="design-sides">
                  {SIDES.map((s) => (
                    <div key={s.key} className="design-side">
                      <Thumb src={d[s.key] || null} size={64} alt={`${s.label} of design ${index + 1}`} />
                      <div className="design-side-body">
                        <span className="design-side-label">{s.label}</span>
                        {d[s.key] ? (
                          <Button type="button" label="Remove" size="small" text severity="secondary" onClick={() => update(d.key, { [s.key]: '' })} />
                        ) : (
                          <UploadButton folder="designs" size="small" label="Upload" testId={`design-${index + 1}-${s.label.toLowerCase()}`} onUploaded={(f) => update(d.key, { [s.key]: f[0]?.fileUrl ?? '' })} />
                        )}
                      </div>
                    </div>
                  ))}
                  <div className="design-side design-mockups">
                    <div className="image-strip">
                      {d.mockupUrls.map((u) => (
                        <button key={u} type="button" className="thumb-button" title="Remove this mockup" onClick={() => update(d.key, { mockupUrls: d.mockupUrls.filter((x) => x !== u) })}>
                          <Thumb src={u} size={48} />
                        </button>
                      ))}
                    </div>
                    <div className="design-side-body">
                      <span className="design-side-label">Mockups</span>
                      <UploadButton
                        folder="mockups"
                        size="small"
                        multiple
                        label="Add"
                        testId={`design-${index + 1}-mockups`}
                        onUploaded={(f) => update(d.key, { mockupUrls: [...d.mockupUrls, ...f.map((x) => x.fileUrl)] })}
                      />
                    </div>
                  </div>
                </div>
                {templateId ? (
                  <MockupPreview
                    templateId={templateId}
                    design={{ designFrontUrl: d.designFrontUrl || null, designBackUrl: d.designBackUrl || null, designSleeveUrl: d.designSleeveUrl || null, designHoodUrl: d.designHoodUrl || null }}
                  />
                ) : null}
              </fieldset>
            ))}
          </div>
        </Panel>

        <Panel title="List on shops (optional)">
          <div className="stack">
            <Field id="create-shops" label="Shops" hint="Leave empty to only create the products; you can list them later from the products screen.">
              <MultiSelect
                inputId="create-shops"
                value={shopIds}
                options={(shops.data ?? []).map((s) => ({ label: `${s.name} (${saleChannelLabels[s.saleChannel]})`, value: s.id }))}
                onChange={(e) => setShopIds(e.value as string[])}
                placeholder={shops.isPending ? 'Loading…' : 'No shop'}
                display="chip"
                filter
                className="w-full"
                data-testid="create-shops"
              />
            </Field>
            {shopIds.length > 0 ? (
              <fieldset className="radio-group">
                <legend>Mode</legend>
                <label className="radio-option" htmlFor="create-mode-draft">
                  <RadioButton inputId="create-mode-draft" name="create-mode" value="AS_DRAFT" checked={mode === 'AS_DRAFT'} onChange={() => setMode('AS_DRAFT')} />
                  <span>
                    <strong>As drafts</strong>
                    <span className="muted small"> — for a last look on the marketplace</span>
                  </span>
                </label>
                <label className="radio-option" htmlFor="create-mode-live">
                  <RadioButton inputId="create-mode-live" name="create-mode" value="LISTING" checked={mode === 'LISTING'} onChange={() => setMode('LISTING')} />
                  <span>
                    <strong>Live</strong>
                    <span className="muted small"> — for sale once the marketplace has reviewed them</span>
                  </span>
                </label>
              </fieldset>
            ) : null}
          </div>
        </Panel>

        <div className="form-actions">
          <Link to={paths.products.list} className="p-button p-button-text p-button-secondary">
            <span className="p-button-label">Cancel</span>
          </Link>
          <Button
            type="submit"
            label={shopIds.length ? `Create and list ${plural(designs.length, 'product')}` : `Create ${plural(designs.length, 'product')}`}
            icon="pi pi-check"
            loading={busy}
            data-testid="create-submit"
          />
        </div>
      </form>
    </div>
  );
}
