import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useState, type ReactNode } from 'react';
import type { TrackedBatch } from '@/components/ui/bulk-progress';
import { Field } from '@/components/ui/field';
import type { ListingMode } from '@/gql/graphql';
import { saleChannelLabels, useShopOptions, useTemplateOptions } from '@/lib/lookups';
import { notify } from '@/lib/notify';
import { useListingModePreference } from '@/lib/preferences';
import { useBulkApplyTemplate, useBulkGenerateSkus, useBulkListingProduct, useBulkPublishProducts } from '../api/products';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface BulkDialogProps {
  productIds: string[] | null;
  onHide: () => void;
  /** The batches the action queued, to follow their progress. */
  onQueued: (batches: TrackedBatch[]) => void;
}

function BulkDialog({ header, visible, onHide, children, footer }: { header: string; visible: boolean; onHide: () => void; children: ReactNode; footer: ReactNode }) {
  return (
    <Dialog header={header} visible={visible} onHide={onHide} style={{ width: '34rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <div className="stack">
        {children}
        <div className="dialog-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={onHide} />
          {footer}
        </div>
      </div>
    </Dialog>
  );
}

/** Whether the user tried to submit this opening of the dialog: false again whenever it opens for other products. */
function useSubmitted(productIds: string[] | null) {
  const [submitted, setSubmitted] = useState(false);
  const [openedFor, setOpenedFor] = useState(productIds);
  if (productIds !== openedFor) {
    setOpenedFor(productIds);
    if (productIds) setSubmitted(false);
  }
  return [submitted, setSubmitted] as const;
}

export function ApplyTemplateDialog({ productIds, onHide, onQueued }: BulkDialogProps) {
  const templates = useTemplateOptions(!!productIds);
  const apply = useBulkApplyTemplate();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useSubmitted(productIds);
  const count = productIds?.length ?? 0;
  const template = templates.data?.find((t) => t.id === templateId);

  const onApply = () => {
    setSubmitted(true);
    if (!productIds || !templateId) return;
    apply.mutate(
      { templateId, productIds },
      {
        onSuccess: (r) => {
          onHide();
          if (r.batchId) onQueued([{ id: r.batchId, title: `Applying ${template?.name ?? 'the template'} to ${plural(count, 'product')}` }]);
          else notify.success(`${template?.name ?? 'The template'} was applied to ${plural(r.successfulProducts.length, 'product')}.`);
        },
      },
    );
  };

  return (
    <BulkDialog
      header={`Apply a template to ${plural(count, 'product')}`}
      visible={!!productIds}
      onHide={onHide}
      footer={<Button label="Apply template" icon="pi pi-clone" onClick={onApply} loading={apply.isPending} />}
    >
      <p className="muted">The template's fields, variants and price formula replace the products' own.</p>
      <Field id="apply-template" label="Template" error={submitted && !templateId ? 'Pick the template to apply' : null}>
        <Dropdown
          inputId="apply-template"
          value={templateId}
          options={(templates.data ?? []).map((t) => ({ label: t.name, value: t.id }))}
          onChange={(e) => setTemplateId(e.value as string)}
          placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
          filter
          data-testid="apply-template-select"
        />
      </Field>
    </BulkDialog>
  );
}

const MODES: { value: ListingMode; label: string; hint: string }[] = [
  { value: 'AS_DRAFT', label: 'As drafts', hint: 'Created on the shop as drafts, for a last look on the marketplace.' },
  { value: 'LISTING', label: 'Live', hint: 'Listed for sale at once (after the marketplace’s review).' },
];

/**
 * Lists products on shops of any channel (TikTok Shop, Amazon, Walmart): one batch per shop.
 * Each time it opens it starts with the shops that make sense: `initialShopIds` (the shop the
 * seller came from) and `alreadyOnShopIds` (where the products are listed already), or the only
 * shop when there is one; the mode is the one chosen last.
 */
export function ListOnShopsDialog({
  productIds,
  onHide,
  onQueued,
  initialShopIds = [],
  alreadyOnShopIds = [],
}: BulkDialogProps & { initialShopIds?: string[]; alreadyOnShopIds?: string[] }) {
  const shops = useShopOptions(undefined, !!productIds);
  const templates = useTemplateOptions(!!productIds);
  const listing = useBulkListingProduct();
  // null until the seller changes the choice: the preselection follows the shops as they load.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [openedWith, setOpenedWith] = useState(productIds);
  if (productIds !== openedWith) {
    setOpenedWith(productIds);
    if (productIds) setChosen(null);
  }
  const known = new Set((shops.data ?? []).map((s) => s.id));
  const suggested = [...new Set([...initialShopIds, ...alreadyOnShopIds])].filter((id) => known.has(id));
  const only = shops.data?.length === 1 ? [shops.data[0]!.id] : [];
  const shopIds = chosen ?? (suggested.length ? suggested : only);
  const setShopIds = setChosen;
  const [mode, setMode] = useListingModePreference<ListingMode>('LISTING');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useSubmitted(productIds);
  const [busy, setBusy] = useState(false);
  const count = productIds?.length ?? 0;

  // One bulkListingProduct per shop, each its own batch; a shop that refuses does not stop the others.
  const onList = async () => {
    setSubmitted(true);
    if (!productIds || shopIds.length === 0) return;
    setBusy(true);
    const tracked: TrackedBatch[] = [];
    for (const shopId of shopIds) {
      const shop = shops.data?.find((s) => s.id === shopId);
      try {
        const r = await listing.mutateAsync({ shopId, productIds, mode, ...(templateId ? { templateId } : {}) });
        tracked.push({ id: r.batchId, title: `${mode === 'AS_DRAFT' ? 'Drafting' : 'Listing'} ${plural(r.queued, 'product')} on ${shop?.name ?? 'the shop'}` });
      } catch {
        // The toast says why.
      }
    }
    setBusy(false);
    if (tracked.length) {
      onHide();
      onQueued(tracked);
    }
  };

  return (
    <BulkDialog
      header={`List ${plural(count, 'product')} on shops`}
      visible={!!productIds}
      onHide={onHide}
      footer={<Button label="List" icon="pi pi-send" onClick={() => void onList()} loading={busy} data-testid="list-submit" />}
    >
      <Field id="list-shops" label="Shops" error={submitted && shopIds.length === 0 ? 'Choose at least one shop' : null}>
        <MultiSelect
          inputId="list-shops"
          value={shopIds}
          options={(shops.data ?? []).map((s) => ({ label: `${s.name} (${saleChannelLabels[s.saleChannel]})`, value: s.id }))}
          onChange={(e) => setShopIds(e.value as string[])}
          placeholder={shops.isPending ? 'Loading…' : 'Choose shops'}
          display="chip"
          filter
          className="w-full"
          data-testid="list-shops-select"
        />
      </Field>
      <fieldset className="radio-group">
        <legend>Mode</legend>
        {MODES.map((m) => (
          <label key={m.value} className="radio-option" htmlFor={`mode-${m.value}`}>
            <RadioButton inputId={`mode-${m.value}`} name="listing-mode" value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} />
            <span>
              <strong>{m.label}</strong>
              <span className="muted small"> — {m.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Field id="list-template" label="Template (optional)" hint="Use this template's listing data (each channel's category or product type and attributes) and price formula.">
        <Dropdown
          inputId="list-template"
          value={templateId}
          options={(templates.data ?? []).map((t) => ({ label: t.name, value: t.id }))}
          onChange={(e) => setTemplateId((e.value as string | null) ?? null)}
          placeholder="The products' own data"
          showClear
          filter
        />
      </Field>
    </BulkDialog>
  );
}

export function PublishDialog({ productIds, onHide, onQueued }: BulkDialogProps) {
  const shops = useShopOptions(undefined, !!productIds);
  const publish = useBulkPublishProducts();
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [submitted, setSubmitted] = useSubmitted(productIds);
  const count = productIds?.length ?? 0;

  const onPublish = () => {
    setSubmitted(true);
    if (!productIds || shopIds.length === 0) return;
    publish.mutate(
      { productIds, shopIds },
      {
        onSuccess: (r) => {
          onHide();
          onQueued([{ id: r.batchId, title: `Publishing ${plural(count, 'product')} on ${plural(shopIds.length, 'shop')}` }]);
        },
      },
    );
  };

  return (
    <BulkDialog
      header={`Publish ${plural(count, 'product')}`}
      visible={!!productIds}
      onHide={onHide}
      footer={<Button label="Publish" icon="pi pi-upload" onClick={onPublish} loading={publish.isPending} />}
    >
      <p className="muted">Creates the products on each shop, or updates them where they are already listed, and makes them live.</p>
      <Field id="publish-shops" label="Shops" error={submitted && shopIds.length === 0 ? 'Choose at least one shop' : null}>
        <MultiSelect
          inputId="publish-shops"
          value={shopIds}
          options={(shops.data ?? []).map((s) => ({ label: `${s.name} (${saleChannelLabels[s.saleChannel]})`, value: s.id }))}
          onChange={(e) => setShopIds(e.value as string[])}
          placeholder={shops.isPending ? 'Loading…' : 'Choose shops'}
          display="chip"
          filter
          className="w-full"
          data-testid="publish-shops-select"
        />
      </Field>
    </BulkDialog>
  );
}

export function GenerateSkusDialog({ productIds, onHide, onQueued }: BulkDialogProps) {
  const shops = useShopOptions('TIKTOK', !!productIds);
  const generate = useBulkGenerateSkus();
  const [shopId, setShopId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useSubmitted(productIds);
  const count = productIds?.length ?? 0;

  const onGenerate = () => {
    setSubmitted(true);
    if (!productIds || !shopId) return;
    const shop = shops.data?.find((s) => s.id === shopId);
    generate.mutate(
      { shopId, productIds },
      {
        onSuccess: (r) => {
          onHide();
          if (r) onQueued([{ id: r.batchId, title: `Generating SKUs of ${plural(r.queued, 'product')} on ${shop?.name ?? 'the shop'}` }]);
          else notify.info('Every variant already has a seller SKU: nothing to generate.');
        },
      },
    );
  };

  return (
    <BulkDialog
      header={`Generate SKUs for ${plural(count, 'product')}`}
      visible={!!productIds}
      onHide={onHide}
      footer={<Button label="Generate SKUs" icon="pi pi-barcode" onClick={onGenerate} loading={generate.isPending} />}
    >
      <p className="muted">Gives every variant a seller SKU and pushes the SKUs to the TikTok shop.</p>
      <Field id="sku-shop" label="TikTok shop" error={submitted && !shopId ? 'Choose a shop' : null}>
        <Dropdown
          inputId="sku-shop"
          value={shopId}
          options={(shops.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
          onChange={(e) => setShopId(e.value as string)}
          placeholder={shops.isPending ? 'Loading…' : 'Choose a shop'}
          data-testid="sku-shop-select"
        />
      </Field>
    </BulkDialog>
  );
}
