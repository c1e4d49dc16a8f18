import { useQueries } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths } from '@/config/paths';
import type { FulfillmentProviderType } from '@/gql/graphql';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useApiClient } from '@/lib/session';
import {
  productDesignsQueryOptions,
  sourceOrderQueryOptions,
  useAfterSend,
  useCreateFulfillmentOrder,
  useSkuMappings,
  type ProductDesign,
} from '../api/fulfillment-orders';
import { applySaved, choose, costOf, draftOf, isReady, toCreateInput, unmapped, type DraftItem, type DraftOrder, type VariantChoice } from './create-draft';
import { providerLabels } from './labels';
import { PrintFiles } from './print-files';
import { SendProgress, type SendState } from './send-progress';
import { SkuPickerDialog, type PickerTarget } from './sku-picker-dialog';

export interface ChosenProvider {
  id: string;
  provider: FulfillmentProviderType;
}

const SOURCE_LABELS: Record<VariantChoice['source'], string | null> = {
  picked: null,
  copied: 'Same variant as another item',
  saved: 'Saved for this product',
  template: 'From its template',
};

const itemLabel = (i: Pick<DraftItem, 'name' | 'skuName'>) => [i.name, i.skuName].filter(Boolean).join(' — ');

/** What the choices would cost, per order and in all, before anything is sent. */
export function CostPreview({ orders, provider }: { orders: { key: string; label: string; items: Pick<DraftItem, 'include' | 'choice' | 'quantity'>[] }[]; provider: string }) {
  const rows = orders.map((o) => ({ ...o, cost: costOf(o.items) })).filter((o) => o.cost.units > 0);
  const total = rows.reduce((n, r) => n + r.cost.known, 0);
  const unpriced = rows.reduce((n, r) => n + r.cost.unpriced, 0);
  return (
    <Panel title="Cost preview">
      {rows.length === 0 ? (
        <p className="muted">Choose a variant for the items to see what {provider} charges.</p>
      ) : (
        <table className="profit-table" data-testid="cost-preview">
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <td>
                  {r.label} <span className="muted small">· {r.cost.units} unit{r.cost.units === 1 ? '' : 's'}</span>
                  {r.cost.unpriced > 0 ? <span className="muted small"> · {r.cost.unpriced} priced by {provider}</span> : null}
                </td>
                <td>{formatMoney(r.cost.known)}</td>
              </tr>
            ))}
            <tr className="profit-total">
              <td>{unpriced > 0 ? 'Total of the listed costs' : 'Total'}</td>
              <td data-testid="cost-total">{formatMoney(Math.round(total * 100) / 100)}</td>
            </tr>
          </tbody>
        </table>
      )}
      {unpriced > 0 ? (
        <p className="muted small">
          {unpriced} item{unpriced === 1 ? '' : 's'} without a listed cost: {provider} states the price when it accepts the order. Shipping is added by the provider.
        </p>
      ) : rows.length > 0 ? (
        <p className="muted small">Base costs from {provider}'s catalogue; the provider adds shipping.</p>
      ) : null}
    </Panel>
  );
}

function ItemRow({
  item,
  locked,
  onChoose,
  onChange,
}: {
  item: DraftItem;
  locked: boolean;
  onChoose: () => void;
  onChange: (patch: Partial<DraftItem>) => void;
}) {
  const id = `item-${item.orderItemId}`;
  const source = item.choice ? SOURCE_LABELS[item.choice.source] : null;
  return (
    <li className={`draft-item${item.include ? '' : ' draft-item-out'}`} data-testid={id}>
      <div className="draft-item-head">
        <Checkbox inputId={`${id}-include`} checked={item.include} onChange={(e) => onChange({ include: !!e.checked })} disabled={locked} />
        <label htmlFor={`${id}-include`} className="cell-product">
          <Thumb src={item.image} size={48} alt={item.name} />
          <span className="cell-title">
            <span className="cell-title-main">{item.name}</span>
            <span className="muted small">{[item.skuName, `× ${item.quantity}`].filter(Boolean).join(' · ')}</span>
          </span>
        </label>
      </div>
      {item.include ? (
        <div className="draft-item-body">
          <div className="draft-choice" data-testid={`${id}-choice`}>
            {item.choice ? (
              <>
                <div className="cell-title">
                  <span className="cell-title-main">{item.choice.label}</span>
                  <span className="muted small">
                    {item.choice.label !== item.choice.sku ? `${item.choice.sku} · ` : ''}
                    {item.choice.cost === null ? 'price set by the provider' : `${formatMoney(item.choice.cost)} each`}
                  </span>
                </div>
                {source ? <Tag value={source} severity="info" rounded /> : null}
                <Button label="Change" size="small" text onClick={onChoose} disabled={locked} aria-label={`Change the variant of ${itemLabel(item)}`} />
              </>
            ) : (
              <>
                <span className="small profit-negative">No variant chosen</span>
                <Button label="Choose variant" icon="pi pi-search" size="small" outlined onClick={onChoose} disabled={locked} aria-label={`Choose the variant of ${itemLabel(item)}`} />
              </>
            )}
          </div>
          <div className="draft-files">
            <PrintFiles files={item} size={36} />
            <InputText
              value={item.designFrontUrl}
              onChange={(e) => onChange({ designFrontUrl: e.target.value })}
              placeholder="Front print file URL"
              aria-label={`Front print file of ${itemLabel(item)}`}
              disabled={locked}
            />
            <InputText
              value={item.designBackUrl}
              onChange={(e) => onChange({ designBackUrl: e.target.value })}
              placeholder="Back print file URL"
              aria-label={`Back print file of ${itemLabel(item)}`}
              disabled={locked}
            />
          </div>
        </div>
      ) : (
        <p className="muted small">Left out of this fulfilment order.</p>
      )}
    </li>
  );
}

/** Reads the chosen orders and the designs of their products, then hands over the drafts. */
function useDrafts(orderIds: string[]) {
  const client = useApiClient();
  const orders = useQueries({ queries: orderIds.map((id) => sourceOrderQueryOptions(client, id)) });
  const productIds = [...new Set(orders.flatMap((q) => q.data?.items.map((i) => i.catalogueProductId) ?? []).filter((p): p is string => !!p))];
  const designs = useQueries({ queries: productIds.map((id) => productDesignsQueryOptions(client, id)) });
  const loading = orders.some((q) => q.isPending) || designs.some((q) => q.isPending);
  const failed = orders.filter((q) => q.isError);
  // A product whose designs cannot be read simply has none to suggest.
  const byProduct = new Map<string, ProductDesign[]>(productIds.map((id, n) => [id, designs[n]?.data ?? []]));
  const drafts = loading ? null : orders.flatMap((q) => (q.data ? [draftOf(q.data, byProduct)] : []));
  return { drafts, loading, failed, retry: () => failed.forEach((q) => void q.refetch()) };
}

/**
 * Marketplace orders to one provider: an item at a time is mapped to a variant of the provider's
 * catalogue (what is saved for the product comes pre-filled, and a choice fills every item of the
 * same variant), print files checked, the cost previewed, then the orders are sent one by one
 * with each one's outcome shown beside it.
 */
export function FromOrdersForm({ orderIds, provider }: { orderIds: string[]; provider: ChosenProvider }) {
  const navigate = useNavigate();
  const loaded = useDrafts(orderIds);
  const [drafts, setDrafts] = useState<DraftOrder[] | null>(null);
  const [picking, setPicking] = useState<{ orderItemId: string; target: PickerTarget } | null>(null);
  const [sends, setSends] = useState<Record<string, SendState>>({});
  const [running, setRunning] = useState(false);
  const create = useCreateFulfillmentOrder();
  const afterSend = useAfterSend();
  const providerName = providerLabels[provider.provider];

  const [appliedSaved, setAppliedSaved] = useState<unknown>(null);
  // The drafts start from what was read, once; a new provider forgets the last one's choices.
  const [seenProvider, setSeenProvider] = useState(provider.id);
  if (drafts === null && loaded.drafts !== null) setDrafts(loaded.drafts);
  if (seenProvider !== provider.id) {
    setSeenProvider(provider.id);
    setAppliedSaved(null);
    setDrafts((d) => d?.map((o) => ({ ...o, items: o.items.map((i) => ({ ...i, choice: null })) })) ?? null);
  }

  const itemIds = useMemo(() => (loaded.drafts ?? []).flatMap((o) => o.items.map((i) => i.orderItemId)), [loaded.drafts]);
  const saved = useSkuMappings(provider.id, itemIds);
  if (drafts && saved.data && appliedSaved !== saved.data) {
    setAppliedSaved(saved.data);
    setDrafts(applySaved(drafts, saved.data));
  }

  if (orderIds.length === 0) {
    return (
      <Panel>
        <EmptyState
          icon="pi pi-shopping-cart"
          title="No order chosen"
          action={<Button label="Pick orders on the order desk" icon="pi pi-shopping-cart" onClick={() => navigate(`${paths.orders.list}?status=AWAITING_FULFILLMENT`)} />}
        >
          Select orders on the order desk and choose “Send to provider”, or enter one by hand.
        </EmptyState>
      </Panel>
    );
  }
  if (loaded.loading || drafts === null) {
    return (
      <Panel title="Orders">
        <LinesSkeleton lines={6} label="Loading the orders" />
      </Panel>
    );
  }

  const sentIds = new Set(Object.entries(sends).flatMap(([id, s]) => (s.status === 'sent' ? [id] : [])));
  const open = drafts.filter((o) => !sentIds.has(o.orderId));
  const ready = open.filter(isReady);
  const waiting = open.filter((o) => !isReady(o));

  const update = (orderItemId: string, patch: Partial<DraftItem>) =>
    setDrafts((d) => d?.map((o) => ({ ...o, items: o.items.map((i) => (i.orderItemId === orderItemId ? { ...i, ...patch } : i)) })) ?? null);

  const onPick = (choice: Omit<VariantChoice, 'source'>) => {
    if (!picking) return;
    const result = choose(drafts, picking.orderItemId, { ...choice, source: 'picked' });
    setDrafts(result.orders);
    setPicking(null);
    if (result.alsoFilled > 0) notify.info(`Also chosen for ${result.alsoFilled} other item${result.alsoFilled === 1 ? '' : 's'} of the same variant.`);
  };

  const send = async () => {
    const batch = ready;
    if (batch.length === 0) return;
    setRunning(true);
    setSends((s) => ({ ...s, ...Object.fromEntries(batch.map((o) => [o.orderId, { status: 'waiting' } as SendState])) }));
    // One at a time: the provider's rate limit is the server's to respect, and each order's
    // outcome shows as soon as it is known.
    for (const o of batch) {
      setSends((s) => ({ ...s, [o.orderId]: { status: 'sending' } }));
      try {
        const created = await create.mutateAsync(toCreateInput(o, provider.id));
        setSends((s) => ({ ...s, [o.orderId]: { status: 'sent', fulfillmentId: created.id } }));
      } catch (error) {
        setSends((s) => ({ ...s, [o.orderId]: { status: 'failed', error: errorMessage(error) } }));
      }
    }
    setRunning(false);
    afterSend();
  };

  const sendRows = drafts
    .filter((o) => sends[o.orderId])
    .map((o) => ({ orderId: o.orderId, label: `Order #${o.externalOrderId}`, state: sends[o.orderId]! }));
  const allSent = drafts.length > 0 && sentIds.size === drafts.length;
  const failedCount = sendRows.filter((r) => r.state.status === 'failed').length;

  return (
    <div className="order-grid">
      <div className="order-main">
        {loaded.failed.length > 0 ? (
          <Panel>
            <ErrorState error={loaded.failed[0]!.error} onRetry={loaded.retry} />
            <p className="muted small">
              {loaded.failed.length} of {orderIds.length} orders could not be read; the others are below.
            </p>
          </Panel>
        ) : null}
        {saved.isError ? <p className="muted small">Saved mappings could not be read: choose a variant for each item.</p> : null}
        {drafts.map((o) => {
          const locked = running || sentIds.has(o.orderId);
          const missing = unmapped(o).length;
          return (
            <Panel
              key={o.orderId}
              title={
                <>
                  Order <Link to={pathTo(paths.orders.detail, { orderId: o.orderId })}>#{o.externalOrderId}</Link> <span className="muted small">· {o.shopName}</span>
                </>
              }
              actions={
                sentIds.has(o.orderId) ? (
                  <Tag value="Sent" severity="success" rounded />
                ) : missing > 0 ? (
                  <Tag value={`${missing} to choose`} severity="warning" rounded />
                ) : o.items.some((i) => i.include) ? (
                  <Tag value="Ready" severity="info" rounded />
                ) : (
                  <Tag value="Nothing to send" severity="secondary" rounded />
                )
              }
            >
              <div className="stack" data-testid={`draft-${o.orderId}`}>
                <div className="muted small">
                  <i className="pi pi-map-marker" aria-hidden="true" /> Ships to {o.recipient.length ? o.recipient.join(', ') : '—'}
                </div>
                {o.recipientMissing ? (
                  <Message severity="warn" text="The marketplace has not released the full recipient yet: the provider cannot ship without it." />
                ) : null}
                <ul className="draft-items">
                  {o.items.map((i) => (
                    <ItemRow
                      key={i.orderItemId}
                      item={i}
                      locked={locked}
                      onChange={(patch) => update(i.orderItemId, patch)}
                      onChoose={() => setPicking({ orderItemId: i.orderItemId, target: { providerId: provider.id, provider: provider.provider, itemLabel: itemLabel(i) } })}
                    />
                  ))}
                </ul>
              </div>
            </Panel>
          );
        })}
      </div>
      <div className="order-side">
        <CostPreview orders={open.map((o) => ({ key: o.orderId, label: `#${o.externalOrderId}`, items: o.items }))} provider={providerName} />
        <Panel title="Send">
          <div className="stack">
            {sendRows.length > 0 ? <SendProgress rows={sendRows} /> : null}
            {allSent ? (
              <>
                <p className="bulk-progress-ok">
                  <i className="pi pi-check-circle" aria-hidden="true" /> Every order is with {providerName}. Tracking arrives by itself.
                </p>
                <Button label="View fulfilment orders" icon="pi pi-truck" onClick={() => navigate(paths.fulfillments.orders)} data-testid="view-fulfillments" />
              </>
            ) : (
              <>
                {waiting.length > 0 ? (
                  <p className="muted small" data-testid="waiting-orders">
                    {waiting.length} order{waiting.length === 1 ? '' : 's'} still need{waiting.length === 1 ? 's' : ''} a variant for every item.
                  </p>
                ) : null}
                <Button
                  label={ready.length === 0 ? `Send to ${providerName}` : `Send ${ready.length} order${ready.length === 1 ? '' : 's'} to ${providerName}`}
                  icon={failedCount > 0 ? 'pi pi-replay' : 'pi pi-send'}
                  disabled={ready.length === 0 || running}
                  loading={running}
                  onClick={() => void send()}
                  data-testid="send-orders"
                />
              </>
            )}
          </div>
        </Panel>
      </div>
      <SkuPickerDialog target={picking?.target ?? null} onPick={onPick} onHide={() => setPicking(null)} />
    </div>
  );
}
