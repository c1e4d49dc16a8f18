import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { Timeline } from 'primereact/timeline';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';
import { OrderStatusTag, titleCase } from '@/components/ui/status-tag';
import { Thumb } from '@/components/ui/thumb';
import { fulfillmentsSearchPath, paths, sendToProviderPath } from '@/config/paths';
import type { OrderEventSource } from '@/gql/graphql';
import { ApiError } from '@/lib/api-client';
import { useTimezone } from '@/lib/auth';
import { useNow } from '@/lib/use-now';
import { formatDateTime } from '@/lib/dates';
import { saleChannelLabels } from '@/lib/lookups';
import { formatMoney } from '@/lib/money';
import { useOrder, type OrderDetail } from '../api/orders';
import { DeadlineFlag, formatSpan } from './deadline-flag';
import { StatusChangeDialog } from './status-change-dialog';

type Item = OrderDetail['items'][number];
type Event = OrderDetail['timeline'][number];

/** Marketplace statuses during which the marketplace withholds the recipient (TikTok: UNPAID, ON_HOLD). */
const RECIPIENT_WITHHELD = new Set(['UNPAID', 'ON_HOLD']);

const SOURCE_LABELS: Record<OrderEventSource, string> = {
  SYNC: 'Marketplace sync',
  WEBHOOK: 'Marketplace notification',
  USER: 'Changed by hand',
  FULFILLMENT: 'Fulfilment',
};

function recipientLines(o: OrderDetail): string[] {
  const street = [o.recipientAddress1, o.recipientAddress2].filter(Boolean).join(', ') || o.recipientAddress;
  const city = [o.recipientCity, o.recipientState, o.recipientPostalCode].filter(Boolean).join(', ');
  return [street, city, o.recipientRegionCode].filter((l): l is string => !!l);
}

function hasRecipient(o: OrderDetail): boolean {
  return !!(o.recipientName || o.recipientAddress || o.recipientAddress1 || o.recipientCity || o.recipientPhone);
}

function BuyerPanel({ order }: { order: OrderDetail }) {
  return (
    <Panel title="Buyer">
      <dl className="details">
        <div>
          <dt>Email</dt>
          <dd>{order.buyerEmail ?? '—'}</dd>
        </div>
        <div>
          <dt>Message</dt>
          {/* Plain text: React escapes it; nothing a buyer writes is read as HTML. */}
          <dd className="pre-wrap">{order.buyerMessage || '—'}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function RecipientPanel({ order }: { order: OrderDetail }) {
  const withheld = !hasRecipient(order);
  const channel = saleChannelLabels[order.shop.saleChannel];
  return (
    <Panel title="Recipient">
      {withheld ? (
        <div className="hidden-recipient" data-testid="recipient-hidden">
          <i className="pi pi-eye-slash" aria-hidden="true" />
          <span>
            {order.marketplaceStatus && RECIPIENT_WITHHELD.has(order.marketplaceStatus)
              ? `Hidden by ${channel} while the order is ${titleCase(order.marketplaceStatus).toLowerCase()}. It shows here once ${channel} releases it.`
              : `${channel} has not shared the recipient of this order.`}
          </span>
        </div>
      ) : (
        <dl className="details" data-testid="recipient">
          <div>
            <dt>Name</dt>
            <dd>{order.recipientName ?? '—'}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{order.recipientPhone ?? '—'}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>
              {recipientLines(order).map((l) => (
                <div key={l}>{l}</div>
              ))}
            </dd>
          </div>
        </dl>
      )}
    </Panel>
  );
}

function ProfitPanel({ order }: { order: OrderDetail }) {
  const p = order.profit;
  const lines: [string, number][] = [
    ['Commission', p.commissionFee],
    ['Transaction fee', p.transactionFee],
    ['Shipping fee', p.shippingFee],
    ['Fulfilment cost', p.fulfillmentCost],
    ['Refunds', p.refund],
  ];
  return (
    <Panel
      title="Profit"
      actions={
        p.feesSettled ? (
          <Tag value="Settled" severity="success" rounded />
        ) : (
          <Tag value="Estimate" severity="warning" rounded icon="pi pi-info-circle" title="The marketplace has not settled its fees yet: they are estimated from the shop's rates." data-testid="profit-estimate" />
        )
      }
    >
      <table className="profit-table" data-testid="profit">
        <tbody>
          <tr>
            <td>Sale</td>
            <td>{formatMoney(p.sale)}</td>
          </tr>
          {lines.map(([label, value]) => (
            <tr key={label}>
              <td className="muted">{label}</td>
              <td className={value > 0 ? 'profit-negative' : undefined}>{value > 0 ? `−${formatMoney(value)}` : formatMoney(0)}</td>
            </tr>
          ))}
          <tr className="profit-total">
            <td>{p.feesSettled ? 'Net' : 'Net (estimate)'}</td>
            <td className={p.net < 0 ? 'profit-negative' : undefined}>{formatMoney(p.net)}</td>
          </tr>
        </tbody>
      </table>
      {!p.feesSettled ? <p className="muted small">Fees are estimated from the shop's rates until {saleChannelLabels[order.shop.saleChannel]} settles them.</p> : null}
    </Panel>
  );
}

function TimelinePanel({ order, timezone }: { order: OrderDetail; timezone: string }) {
  // Newest first: what happened last is what a seller looks for.
  const events = [...order.timeline].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const who = (e: Event) => (e.source === 'USER' && e.user ? `${e.user.firstName} ${e.user.lastName}`.trim() : SOURCE_LABELS[e.source]);
  return (
    <Panel title="Timeline">
      <div data-testid="timeline">
        {events.length === 0 ? (
          <EmptyState icon="pi pi-history" title="No change recorded yet" />
        ) : (
          <Timeline
            value={events}
            className="order-timeline"
            opposite={(e: Event) => formatDateTime(e.createdAt, timezone)}
            content={(e: Event) => (
              <div>
                <div className="timeline-move">
                  {e.fromStatus ? (
                    <>
                      <OrderStatusTag status={e.fromStatus} />
                      <i className="pi pi-arrow-right muted" aria-label="to" />
                    </>
                  ) : null}
                  <OrderStatusTag status={e.toStatus} />
                </div>
                <div className="timeline-who">
                  {who(e)}
                  {e.marketplaceStatus ? ` · ${saleChannelLabels[order.shop.saleChannel]}: ${titleCase(e.marketplaceStatus)}` : ''}
                </div>
              </div>
            )}
          />
        )}
      </div>
    </Panel>
  );
}

function ItemsPanel({ order }: { order: OrderDetail }) {
  const product = (i: Item) => (
    <div className="cell-product">
      <Thumb src={i.skuImage} size={56} alt={i.productName} />
      <div className="cell-title">
        {i.originProductUrl ? (
          <a href={i.originProductUrl} target="_blank" rel="noreferrer noopener" className="cell-title-main">
            {i.productName}
          </a>
        ) : (
          <span className="cell-title-main">{i.productName}</span>
        )}
        <span className="muted small">{[i.skuName, i.sellerSku ? `SKU ${i.sellerSku}` : null].filter(Boolean).join(' · ') || '—'}</span>
      </div>
    </div>
  );
  const price = (i: Item) => (
    <span>
      {formatMoney(i.salePrice)}
      {i.originalPrice > i.salePrice ? <span className="price-was">{formatMoney(i.originalPrice)}</span> : null}
    </span>
  );
  return (
    <Panel title={`Items (${order.items.reduce((n, i) => n + i.quantity, 0)})`} flush>
      <DataTable value={order.items} dataKey="id" className="data-table" data-testid="order-items" pt={{ table: { 'aria-label': 'Items' } }}>
        <Column header="Product" body={product} />
        <Column header="Price" body={price} align="right" style={{ width: '9rem' }} />
        <Column header="Qty" field="quantity" align="right" style={{ width: '5rem' }} />
        <Column header="Total" body={(i: Item) => formatMoney(i.salePrice * i.quantity)} align="right" style={{ width: '8rem' }} />
      </DataTable>
    </Panel>
  );
}

function DeadlineBanner({ order, timezone, now }: { order: OrderDetail; timezone: string; now: number }) {
  if (!order.shipByAt || (!order.isLate && !order.isDueSoon)) return null;
  const span = formatSpan(new Date(order.shipByAt).getTime() - now);
  return order.isLate ? (
    <div className="deadline-banner deadline-late" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      Past its ship-by time ({formatDateTime(order.shipByAt, timezone)}) by {span}.
    </div>
  ) : (
    <div className="deadline-banner deadline-soon" role="status">
      <i className="pi pi-clock" aria-hidden="true" />
      Ship within {span}: the marketplace expects it by {formatDateTime(order.shipByAt, timezone)}.
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="screen" aria-busy="true" data-testid="order-loading">
      <header className="page-header">
        <div>
          <Skeleton width="14rem" height="1.8rem" />
          <Skeleton width="20rem" height="1rem" style={{ marginTop: 8 }} />
        </div>
      </header>
      <div className="order-grid">
        <div className="order-main">
          <Panel title="Items" flush>
            <TableSkeleton columns={[{ header: 'Product' }, { header: 'Price' }, { header: 'Qty' }, { header: 'Total' }]} rows={2} label="Loading items" />
          </Panel>
          <Panel title="Timeline">
            <LinesSkeleton label="Loading the timeline" />
          </Panel>
        </div>
        <div className="order-side">
          <Panel title="Profit">
            <LinesSkeleton lines={6} label="Loading the profit" />
          </Panel>
          <Panel title="Recipient">
            <LinesSkeleton lines={3} label="Loading the recipient" />
          </Panel>
        </div>
      </div>
    </div>
  );
}

/** One order: items, buyer and recipient, deadline, profit, its timeline and the status moves open to it. */
export function OrderDetailScreen() {
  const { orderId = '' } = useParams();
  const timezone = useTimezone();
  const query = useOrder(orderId);
  const [changing, setChanging] = useState(false);
  const now = useNow();

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.hasCode('NOT_FOUND');
    return (
      <div className="screen">
        <PageHeader title="Order" />
        <Panel>
          {notFound ? (
            <EmptyState icon="pi pi-search" title="No such order" action={<Link to={paths.orders.list}>Back to orders</Link>}>
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
  const channel = saleChannelLabels[order.shop.saleChannel];
  return (
    <div className="screen">
      <PageHeader
        title={`Order #${order.externalOrderId}`}
        description={`${order.shop.name} · ${channel} · placed ${formatDateTime(order.createdAt, timezone)}`}
        actions={
          <>
            <Link to={paths.orders.list} className="p-button p-button-text p-button-secondary">
              <i className="pi pi-arrow-left" aria-hidden="true" />
              <span>&nbsp;Orders</span>
            </Link>
            <Link to={fulfillmentsSearchPath(order.externalOrderId)} className="p-button p-button-text" data-testid="order-fulfillments">
              <i className="pi pi-list" aria-hidden="true" />
              <span>Fulfilment orders</span>
            </Link>
            <Button label="Change status" icon="pi pi-sync" outlined onClick={() => setChanging(true)} data-testid="change-status" />
            <Link to={sendToProviderPath([order.id])} className="p-button" data-testid="send-to-provider">
              <i className="pi pi-truck" aria-hidden="true" />
              <span>Send to provider</span>
            </Link>
          </>
        }
      />
      <DeadlineBanner order={order} timezone={timezone} now={now} />
      <div className="order-grid">
        <div className="order-main">
          <Panel title="Status">
            <dl className="details">
              <div>
                <dt>Workflow</dt>
                <dd className="order-head-tags" data-testid="order-status">
                  <OrderStatusTag status={order.status} />
                </dd>
              </div>
              <div>
                <dt>On {channel}</dt>
                <dd>{order.marketplaceStatus ? titleCase(order.marketplaceStatus) : '—'}</dd>
              </div>
              <div>
                <dt>Ship by</dt>
                <dd className="order-head-tags">
                  {formatDateTime(order.shipByAt, timezone)} <DeadlineFlag order={order} now={now} />
                </dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd>{formatMoney(order.totalAmount)}</dd>
              </div>
            </dl>
          </Panel>
          <ItemsPanel order={order} />
          <TimelinePanel order={order} timezone={timezone} />
        </div>
        <div className="order-side">
          <ProfitPanel order={order} />
          <BuyerPanel order={order} />
          <RecipientPanel order={order} />
        </div>
      </div>
      <StatusChangeDialog order={order} visible={changing} onHide={() => setChanging(false)} />
    </div>
  );
}
