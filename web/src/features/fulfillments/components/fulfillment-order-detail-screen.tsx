import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Timeline } from 'primereact/timeline';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths } from '@/config/paths';
import type { FulfillmentOrderStatus } from '@/gql/graphql';
import { ApiError } from '@/lib/api-client';
import { useTimezone } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { httpUrl } from '@/lib/external-url';
import { formatMoney } from '@/lib/money';
import { isFinal, useFulfillmentOrder, type FulfillmentOrderDetail } from '../api/fulfillment-orders';
import { CancelFulfillmentDialog } from './cancel-fulfillment-dialog';
import { FulfillmentStatusTag, accountLabel, providerLabels, providerStatusText, shortId } from './labels';
import { PrintFiles } from './print-files';
import { TrackingLink } from './tracking-link';

type Item = FulfillmentOrderDetail['items'][number];

export type StepState = 'done' | 'current' | 'waiting';

export interface TimelineStep {
  key: FulfillmentOrderStatus | 'ACCEPTED';
  label: string;
  state: StepState;
  /** When it happened, when known. */
  at: string | null;
  note?: string;
}

/**
 * The road of a fulfilment order — created, accepted by the provider, in transit, then completed
 * or cancelled — with the times the server keeps: when it was made, when the provider accepted
 * it, and when its current status was reached (its last change). Steps passed without a recorded
 * time show none rather than a guess.
 */
export function timelineOf(o: Pick<FulfillmentOrderDetail, 'status' | 'createdAt' | 'updatedAt' | 'submittedAt' | 'externalId' | 'trackingNumber' | 'trackingCompany' | 'provider'>): TimelineStep[] {
  const provider = providerLabels[o.provider.provider];
  const accepted = !!o.externalId || !!o.submittedAt;
  const steps: TimelineStep[] = [{ key: 'CREATED', label: 'Created', state: 'done', at: o.createdAt, note: `Queued for ${provider}` }];
  steps.push({
    key: 'ACCEPTED',
    label: `Accepted by ${provider}`,
    state: accepted ? 'done' : o.status === 'CREATED' ? 'current' : 'waiting',
    at: o.submittedAt,
    ...(o.externalId ? { note: `${provider} order #${o.externalId}` } : {}),
  });
  if (o.status === 'CANCELLED') {
    steps.push({ key: 'CANCELLED', label: 'Cancelled', state: 'done', at: o.updatedAt });
    return steps;
  }
  const shipped = o.status === 'IN_TRANSIT' || o.status === 'COMPLETED';
  steps.push({
    key: 'IN_TRANSIT',
    label: 'In transit',
    state: shipped ? 'done' : 'waiting',
    at: o.status === 'IN_TRANSIT' ? o.updatedAt : null,
    ...(o.trackingNumber ? { note: [o.trackingCompany, o.trackingNumber].filter(Boolean).join(' ') } : {}),
  });
  steps.push({ key: 'COMPLETED', label: 'Completed', state: o.status === 'COMPLETED' ? 'done' : 'waiting', at: o.status === 'COMPLETED' ? o.updatedAt : null });
  return steps;
}

const MARKERS: Record<StepState, string> = { done: 'pi pi-check-circle', current: 'pi pi-spin pi-spinner', waiting: 'pi pi-circle' };

function TimelinePanel({ order, timezone }: { order: FulfillmentOrderDetail; timezone: string }) {
  const steps = timelineOf(order);
  return (
    <Panel title="Timeline">
      <div data-testid="fulfillment-timeline">
        <Timeline
          value={steps}
          className="order-timeline"
          opposite={(s: TimelineStep) => (s.at ? formatDateTime(s.at, timezone) : '')}
          marker={(s: TimelineStep) => <i className={`${MARKERS[s.state]} step-${s.state}`} aria-hidden="true" />}
          content={(s: TimelineStep) => (
            <div data-step={s.key} data-state={s.state}>
              <div className={s.state === 'waiting' ? 'muted' : undefined}>{s.label}</div>
              {s.note ? <div className="timeline-who">{s.note}</div> : null}
            </div>
          )}
        />
      </div>
    </Panel>
  );
}

function ItemsPanel({ order }: { order: FulfillmentOrderDetail }) {
  const known = order.items.every((i) => i.cost !== null);
  const item = (i: Item) => (
    <div className="cell-product">
      <Thumb src={httpUrl(i.image)} size={48} alt={i.fulfillmentSku} />
      <div className="cell-title">
        <span className="cell-title-main">{i.fulfillmentSku}</span>
        {i.bgColorCode ? (
          <span className="muted small">
            <span className="dot" style={{ background: i.bgColorCode }} aria-hidden="true" /> Background {i.bgColorCode}
          </span>
        ) : null}
      </div>
    </div>
  );
  return (
    <Panel title={`Items (${order.items.reduce((n, i) => n + i.quantity, 0)})`} flush>
      <DataTable value={order.items} dataKey="id" className="data-table" data-testid="fulfillment-items" pt={{ table: { 'aria-label': 'Items' } }}>
        <Column header="Provider SKU" body={item} />
        <Column header="Print files" body={(i: Item) => <PrintFiles files={i} />} />
        <Column header="Qty" field="quantity" align="right" style={{ width: '5rem' }} />
        <Column header="Unit cost" body={(i: Item) => formatMoney(i.cost)} align="right" style={{ width: '8rem' }} />
      </DataTable>
      {!known && order.totalAmount === null ? <p className="muted small panel-note">The provider states its price once it accepts the order.</p> : null}
    </Panel>
  );
}

function ShippingPanel({ order }: { order: FulfillmentOrderDetail }) {
  const city = [order.shippingCity, order.shippingState, order.shippingPostalCode].filter(Boolean).join(', ');
  const label = httpUrl(order.labelUrl);
  return (
    <Panel title="Ship to">
      <dl className="details" data-testid="fulfillment-shipping">
        <div>
          <dt>Name</dt>
          <dd>{order.shippingName}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{order.shippingPhone ?? '—'}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {[order.shippingAddress1, order.shippingAddress2, city, order.shippingRegionCode].filter(Boolean).map((l) => (
              <div key={l}>{l}</div>
            ))}
          </dd>
        </div>
        <div>
          <dt>Method</dt>
          <dd>{order.shippingMethod ?? 'Provider default'}</dd>
        </div>
        {order.labelUrl ? (
          <div>
            <dt>Label</dt>
            <dd>
              {label ? (
                <a href={label} target="_blank" rel="noreferrer noopener">
                  Shipping label <i className="pi pi-external-link small" aria-hidden="true" />
                </a>
              ) : (
                order.labelUrl
              )}
            </dd>
          </div>
        ) : null}
      </dl>
    </Panel>
  );
}

function TrackingPanel({ order }: { order: FulfillmentOrderDetail }) {
  const url = httpUrl(order.trackingUrl);
  return (
    <Panel title="Tracking">
      {order.trackingNumber ? (
        <div className="stack" data-testid="fulfillment-tracking">
          <dl className="details">
            <div>
              <dt>Number</dt>
              <dd>
                <TrackingLink number={order.trackingNumber} url={order.trackingUrl} carrier={null} />
              </dd>
            </div>
            <div>
              <dt>Carrier</dt>
              <dd>{order.trackingCompany ?? '—'}</dd>
            </div>
          </dl>
          {url ? (
            <a href={url} target="_blank" rel="noreferrer noopener" className="p-button p-button-outlined p-button-sm">
              <i className="pi pi-map-marker" aria-hidden="true" />
              <span>Track the package</span>
            </a>
          ) : null}
        </div>
      ) : (
        <p className="muted" data-testid="fulfillment-no-tracking">
          {order.status === 'CANCELLED' ? 'Cancelled before it shipped.' : `${providerLabels[order.provider.provider]} adds the tracking number once the package ships; it shows here by itself.`}
        </p>
      )}
    </Panel>
  );
}

function DetailSkeleton() {
  return (
    <div className="screen" aria-busy="true" data-testid="fulfillment-loading">
      <header className="page-header">
        <div>
          <Skeleton width="14rem" height="1.8rem" />
          <Skeleton width="20rem" height="1rem" style={{ marginTop: 8 }} />
        </div>
      </header>
      <div className="order-grid">
        <div className="order-main">
          <Panel title="Items" flush>
            <TableSkeleton columns={[{ header: 'Provider SKU' }, { header: 'Print files' }, { header: 'Qty' }, { header: 'Unit cost' }]} rows={2} label="Loading items" />
          </Panel>
          <Panel title="Timeline">
            <LinesSkeleton label="Loading the timeline" />
          </Panel>
        </div>
        <div className="order-side">
          <Panel title="Tracking">
            <LinesSkeleton lines={2} label="Loading the tracking" />
          </Panel>
          <Panel title="Ship to">
            <LinesSkeleton lines={3} label="Loading the address" />
          </Panel>
        </div>
      </div>
    </div>
  );
}

/** One fulfilment order: where it stands at the provider, its items and print files, tracking, and a way to cancel it. */
export function FulfillmentOrderDetailScreen() {
  const { orderId = '' } = useParams();
  const timezone = useTimezone();
  const query = useFulfillmentOrder(orderId);
  const [cancelling, setCancelling] = useState(false);

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.hasCode('NOT_FOUND');
    return (
      <div className="screen">
        <PageHeader title="Fulfilment order" />
        <Panel>
          {notFound ? (
            <EmptyState icon="pi pi-search" title="No such fulfilment order" action={<Link to={paths.fulfillments.orders}>Back to fulfilment orders</Link>}>
              It does not exist, or it belongs to a shop you do not work on.
            </EmptyState>
          ) : (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          )}
        </Panel>
      </div>
    );
  }
  const order = query.data;
  const provider = providerLabels[order.provider.provider];
  const title = `Fulfilment ${shortId(order.id)}`;
  return (
    <div className="screen">
      <PageHeader
        title={title}
        description={`${accountLabel(order.provider)} · created ${formatDateTime(order.createdAt, timezone)}`}
        actions={
          <>
            <Link to={paths.fulfillments.orders} className="p-button p-button-text p-button-secondary">
              <i className="pi pi-arrow-left" aria-hidden="true" />
              <span>&nbsp;Fulfilment orders</span>
            </Link>
            {order.status === 'CREATED' ? (
              <Button label="Cancel order" icon="pi pi-times" severity="danger" outlined onClick={() => setCancelling(true)} data-testid="cancel-fulfillment" />
            ) : null}
          </>
        }
      />
      {order.error ? <Message severity="error" text={`${provider} refused this order: ${order.error}`} data-testid="fulfillment-error" /> : null}
      <div className="order-grid">
        <div className="order-main">
          <Panel title="Status">
            <dl className="details">
              <div>
                <dt>Status</dt>
                <dd className="order-head-tags" data-testid="fulfillment-status">
                  <FulfillmentStatusTag status={order.status} />
                  {!isFinal(order.status) ? <span className="muted small">Updates by itself</span> : null}
                </dd>
              </div>
              <div>
                <dt>At {provider}</dt>
                <dd data-testid="fulfillment-provider-status">
                  {order.providerStatus ? providerStatusText(order.providerStatus) : order.externalId ? '—' : 'Not accepted yet'}
                  {order.externalId ? <span className="muted small"> · #{order.externalId}</span> : null}
                </dd>
              </div>
              <div>
                <dt>For</dt>
                <dd>
                  {order.order ? (
                    <Link to={pathTo(paths.orders.detail, { orderId: order.order.id })} data-testid="fulfillment-marketplace-order">
                      Order #{order.order.externalOrderId}
                      {order.order.shop ? ` · ${order.order.shop.name}` : ''}
                    </Link>
                  ) : order.refOrderId ? (
                    `Ref ${order.refOrderId} (entered by hand)`
                  ) : (
                    'Entered by hand'
                  )}
                </dd>
              </div>
              <div>
                <dt>Cost</dt>
                <dd data-testid="fulfillment-cost">{order.totalAmount === null ? 'Not stated yet' : formatMoney(order.totalAmount)}</dd>
              </div>
            </dl>
          </Panel>
          <ItemsPanel order={order} />
          <TimelinePanel order={order} timezone={timezone} />
        </div>
        <div className="order-side">
          <TrackingPanel order={order} />
          <ShippingPanel order={order} />
        </div>
      </div>
      <CancelFulfillmentDialog order={{ id: order.id, providerLabel: provider, label: title }} visible={cancelling} onHide={() => setCancelling(false)} />
    </div>
  );
}
