import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { pathTo, paths } from '@/config/paths';
import type { CreateSimpleFulfillmentOrderInput, ShippingInput } from '@/gql/graphql';
import { ApiError, errorMessage } from '@/lib/api-client';
import { httpUrl } from '@/lib/external-url';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useAfterSend, useCreateSimpleFulfillmentOrder } from '../api/fulfillment-orders';
import { itemInput, type VariantChoice } from './create-draft';
import { CostPreview, type ChosenProvider } from './from-orders-form';
import { providerLabels } from './labels';
import { PrintFiles } from './print-files';
import { SkuPickerDialog } from './sku-picker-dialog';

export interface ManualItem {
  key: number;
  choice: VariantChoice | null;
  /** A SKU typed in rather than chosen from the catalogue. */
  typedSku: string;
  quantity: number | null;
  image: string;
  designFrontUrl: string;
  designBackUrl: string;
}

type AddressKey = 'name' | 'phone' | 'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'regionCode' | 'method';
type Address = Record<AddressKey, string>;

const emptyAddress: Address = { name: '', phone: '', address1: '', address2: '', city: '', state: '', postalCode: '', regionCode: 'US', method: '' };

let nextKey = 1;
const newItem = (): ManualItem => ({ key: nextKey++, choice: null, typedSku: '', quantity: 1, image: '', designFrontUrl: '', designBackUrl: '' });

/** The SKU an item goes with: what was chosen from the catalogue, else what was typed. */
export function skuOf(i: ManualItem): VariantChoice | null {
  if (i.choice) return i.choice;
  const sku = i.typedSku.trim();
  return sku ? { sku, label: sku, image: null, cost: null, source: 'picked' } : null;
}

const urlProblem = (v: string) => (v.trim() && !httpUrl(v) ? 'An http(s) address' : null);

export function manualErrors(items: ManualItem[], address: Address, labelUrl: string) {
  const item = items.map((i) => ({
    sku: skuOf(i) ? null : 'Choose a variant or type the provider’s SKU',
    quantity: i.quantity === null || i.quantity < 1 ? 'At least 1' : null,
    image: urlProblem(i.image),
    designFrontUrl: urlProblem(i.designFrontUrl),
    designBackUrl: urlProblem(i.designBackUrl),
  }));
  const required = (v: string) => (v.trim() ? null : 'Required');
  const addr: Partial<Record<AddressKey, string | null>> = {
    name: required(address.name),
    address1: required(address.address1),
    city: required(address.city),
    postalCode: required(address.postalCode),
    regionCode: /^[A-Za-z]{2}$/.test(address.regionCode.trim()) ? null : 'Two letters, e.g. US',
  };
  const label = urlProblem(labelUrl);
  const any = item.some((e) => Object.values(e).some(Boolean)) || Object.values(addr).some(Boolean) || !!label || items.length === 0;
  return { item, address: addr, labelUrl: label, any };
}

export function toSimpleInput(providerId: string, ref: string, items: ManualItem[], address: Address, labelUrl: string): CreateSimpleFulfillmentOrderInput {
  const shipping: ShippingInput = {
    name: address.name.trim(),
    address1: address.address1.trim(),
    city: address.city.trim(),
    postalCode: address.postalCode.trim(),
    regionCode: address.regionCode.trim().toUpperCase(),
  };
  for (const k of ['phone', 'address2', 'state', 'method'] as const) if (address[k].trim()) shipping[k] = address[k].trim();
  const input: CreateSimpleFulfillmentOrderInput = {
    providerId,
    items: items.map((i) => itemInput({ quantity: i.quantity ?? 1, choice: skuOf(i), image: i.image.trim() || null, designFrontUrl: i.designFrontUrl, designBackUrl: i.designBackUrl })),
    shipping,
  };
  if (ref.trim()) input.refOrderId = ref.trim();
  if (labelUrl.trim()) input.labelUrl = labelUrl.trim();
  return input;
}

/** The input a server error names (`shipping.postalCode`, `input.items[0].fulfillmentSku`, …). */
function lastField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return error.field.split('.').pop()?.replace(/\[\d+\]$/, '') ?? null;
}

/**
 * An order entered by hand — an order from elsewhere, a replacement, a sample: items with the
 * provider's SKU and print files, where it goes, and the marketplace's shipping label if it has one.
 */
export function ManualForm({ provider }: { provider: ChosenProvider }) {
  const navigate = useNavigate();
  const [ref, setRef] = useState('');
  const [items, setItems] = useState<ManualItem[]>(() => [newItem()]);
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [labelUrl, setLabelUrl] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [picking, setPicking] = useState<number | null>(null);
  const create = useCreateSimpleFulfillmentOrder();
  const afterSend = useAfterSend();
  const providerName = providerLabels[provider.provider];

  // What was chosen from one provider's catalogue means nothing to another.
  const [seenProvider, setSeenProvider] = useState(provider.id);
  if (seenProvider !== provider.id) {
    setSeenProvider(provider.id);
    setItems((list) => list.map((i) => ({ ...i, choice: null })));
  }

  const errors = manualErrors(items, address, labelUrl);
  const serverField = lastField(create.error);
  const show = (local: string | null | undefined, field: string) => (submitted ? local : null) ?? (serverField === field ? errorMessage(create.error) : null);

  const setItem = (key: number, patch: Partial<ManualItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const setAddr = (k: AddressKey, v: string) => setAddress((a) => ({ ...a, [k]: v }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.any) return;
    create.mutate(toSimpleInput(provider.id, ref, items, address, labelUrl), {
      onSuccess: (id) => {
        notify.success(`The order went to ${providerName}.`);
        afterSend();
        void navigate(pathTo(paths.fulfillments.orderDetail, { orderId: id }));
      },
    });
  };

  const addressField = (k: AddressKey, label: string, opts: { hint?: string; placeholder?: string } = {}) => (
    <Field id={`ship-${k}`} label={label} error={show(errors.address[k], k)} hint={opts.hint}>
      <InputText id={`ship-${k}`} value={address[k]} onChange={(e) => setAddr(k, e.target.value)} placeholder={opts.placeholder} autoComplete="off" />
    </Field>
  );

  return (
    <>
    <form onSubmit={onSubmit} noValidate aria-label="Enter an order by hand" data-testid="manual-form" className="order-grid">
      <div className="order-main">
        <Panel title="Items">
          <div className="stack">
            <ul className="draft-items">
              {items.map((i, n) => {
                const e = errors.item[n]!;
                const choice = skuOf(i);
                return (
                  <li key={i.key} className="draft-item" data-testid={`manual-item-${n}`}>
                    <div className="draft-choice">
                      {i.choice ? (
                        <div className="cell-title">
                          <span className="cell-title-main">{i.choice.label}</span>
                          <span className="muted small">{i.choice.sku}</span>
                        </div>
                      ) : (
                        <Field id={`item-${i.key}-sku`} label="Provider SKU" error={show(e.sku, 'fulfillmentSku')}>
                          <InputText id={`item-${i.key}-sku`} value={i.typedSku} onChange={(ev) => setItem(i.key, { typedSku: ev.target.value })} placeholder="Type it, or choose from the catalogue" />
                        </Field>
                      )}
                      <Button
                        type="button"
                        label={i.choice ? 'Change' : 'Choose from catalogue'}
                        icon="pi pi-search"
                        size="small"
                        outlined={!i.choice}
                        text={!!i.choice}
                        onClick={() => setPicking(i.key)}
                      />
                      {i.choice ? <Button type="button" label="Type a SKU instead" size="small" text onClick={() => setItem(i.key, { choice: null })} /> : null}
                    </div>
                    <div className="field-row">
                      <Field id={`item-${i.key}-qty`} label="Quantity" error={show(e.quantity, 'quantity')}>
                        <InputNumber inputId={`item-${i.key}-qty`} value={i.quantity} onValueChange={(ev) => setItem(i.key, { quantity: ev.value ?? null })} min={1} max={999} showButtons />
                      </Field>
                      <Field id={`item-${i.key}-image`} label="Mockup image URL (optional)" error={show(e.image, 'image')}>
                        <InputText id={`item-${i.key}-image`} value={i.image} onChange={(ev) => setItem(i.key, { image: ev.target.value })} />
                      </Field>
                    </div>
                    <div className="field-row">
                      <Field id={`item-${i.key}-front`} label="Front print file URL" error={show(e.designFrontUrl, 'designFrontUrl')}>
                        <InputText id={`item-${i.key}-front`} value={i.designFrontUrl} onChange={(ev) => setItem(i.key, { designFrontUrl: ev.target.value })} />
                      </Field>
                      <Field id={`item-${i.key}-back`} label="Back print file URL" error={show(e.designBackUrl, 'designBackUrl')}>
                        <InputText id={`item-${i.key}-back`} value={i.designBackUrl} onChange={(ev) => setItem(i.key, { designBackUrl: ev.target.value })} />
                      </Field>
                    </div>
                    <div className="draft-files">
                      <PrintFiles files={i} size={36} />
                      <span className="filters-spacer" />
                      {choice && choice.cost !== null ? <span className="muted small">{formatMoney(choice.cost)} each</span> : null}
                      {items.length > 1 ? (
                        <Button type="button" label="Remove item" icon="pi pi-trash" size="small" text severity="danger" onClick={() => setItems((list) => list.filter((x) => x.key !== i.key))} />
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
            <div>
              <Button type="button" label="Add an item" icon="pi pi-plus" size="small" outlined onClick={() => setItems((list) => [...list, newItem()])} />
            </div>
          </div>
        </Panel>
        <Panel title="Ship to">
          <div className="stack">
            <div className="field-row">
              {addressField('name', 'Recipient')}
              {addressField('phone', 'Phone (optional)')}
            </div>
            {addressField('address1', 'Address')}
            {addressField('address2', 'Address line 2 (optional)')}
            <div className="field-row">
              {addressField('city', 'City')}
              {addressField('state', 'State or province', { placeholder: 'e.g. VA' })}
            </div>
            <div className="field-row">
              {addressField('postalCode', 'Postal code')}
              {addressField('regionCode', 'Country', { hint: 'Two-letter code, e.g. US' })}
            </div>
            {addressField('method', 'Shipping method (optional)', { hint: `${providerName}'s default when empty, e.g. standard or express.` })}
          </div>
        </Panel>
      </div>
      <div className="order-side">
        <Panel title="Reference">
          <div className="stack">
            <Field id="manual-ref" label="Your order number (optional)" hint="What you recognise the order by; it shows in the list.">
              <InputText id="manual-ref" value={ref} onChange={(e) => setRef(e.target.value)} />
            </Field>
            <Field id="manual-label" label="Shipping label URL (optional)" error={show(errors.labelUrl, 'labelUrl')} hint="A label the marketplace issued: the provider ships with it.">
              <InputText id="manual-label" value={labelUrl} onChange={(e) => setLabelUrl(e.target.value)} />
            </Field>
          </div>
        </Panel>
        <CostPreview orders={[{ key: 'manual', label: ref.trim() || 'This order', items: items.map((i) => ({ include: true, choice: skuOf(i), quantity: i.quantity ?? 0 })) }]} provider={providerName} />
        <Panel title="Send">
          <div className="stack">
            {create.error && !serverField ? <Message severity="error" text={errorMessage(create.error)} data-testid="manual-error" /> : null}
            {submitted && errors.any ? <p className="small profit-negative">Some fields need a look.</p> : null}
            <Button type="submit" label={`Send to ${providerName}`} icon="pi pi-send" loading={create.isPending} data-testid="send-manual" />
          </div>
        </Panel>
      </div>
    </form>
      <SkuPickerDialog
        target={picking !== null ? { providerId: provider.id, provider: provider.provider, itemLabel: 'an item entered by hand' } : null}
        onPick={(choice) => {
          if (picking !== null) setItem(picking, { choice: { ...choice, source: 'picked' } });
          setPicking(null);
        }}
        onHide={() => setPicking(null)}
      />
    </>
  );
}
