import { Skeleton } from 'primereact/skeleton';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, StatCard } from '@/components/ui/panel';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { Thumb } from '@/components/ui/thumb';
import { firstProductPath, paths } from '@/config/paths';
import type { OrderFilter } from '@/gql/graphql';
import { canAccess, useCurrentUser, useTimezone } from '@/lib/auth';
import { isDateRange, rangeBounds, resolveRange, type DateRange, type RangePreset } from '@/lib/date-range';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { usePreference } from '@/lib/preferences';
import { useCatalogueSize, useDayStats, useFailedJobs, useNeedAction, useSoldProducts, useSummary } from '../api/dashboard';
import { OrdersChart, fillDays } from './orders-chart';

const RANGE_PRESETS: RangePreset[] = ['today', 'yesterday', 'last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'custom'];
const DEFAULT_RANGE: DateRange = { preset: 'last30' };
/** Products in the top-sold list. */
const TOP_PRODUCTS = 6;

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function hourIn(timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date());
  return Number.parseInt(hour, 10) || 0;
}

const quickLinks = [
  { to: paths.shop, icon: 'pi pi-shop', title: 'Connect a shop', text: 'Link your TikTok Shop, Amazon or Walmart shops to sync products and orders.' },
  { to: paths.productTemplates.create, icon: 'pi pi-clone', title: 'Create a template', text: 'Define variants and prices once, list many designs.' },
  { to: paths.products.create, icon: 'pi pi-box', title: 'Add products', text: 'Turn designs into products ready to publish.' },
  { to: paths.fulfillments.orders, icon: 'pi pi-truck', title: 'Fulfil orders', text: 'Send orders to your print-on-demand providers.' },
];

/** A figure while it loads: a grey bar, never a dash that reads as "nothing". */
function figure<T>(q: { data?: T; isError: boolean }, show: (d: T) => ReactNode): ReactNode {
  if (q.data !== undefined) return show(q.data);
  return q.isError ? '—' : <Skeleton width="5rem" height="1.6rem" />;
}

function NeedActionCards({ timezone }: { timezone: string }) {
  const filter = useMemo<OrderFilter>(() => ({ timezone }), [timezone]);
  const need = useNeedAction(filter);
  // Coloured only when there is something to do.
  const card = (deadline: 'DUE_SOON' | 'OVERDUE', count: number | undefined, label: string, tone: string, testId: string) => (
    <Link to={`${paths.orders.list}?deadline=${deadline}`} className={`need-action-item${count ? ` ${tone}` : ''}`} data-testid={testId}>
      <span className="need-action-value">{figure(need, () => (count ?? 0).toLocaleString('en-US'))}</span>
      <span className="need-action-label">{label}</span>
    </Link>
  );
  return (
    <Panel title="Needs your attention">
      {need.isError ? <ErrorState error={need.error} onRetry={() => void need.refetch()} /> : null}
      <div className="need-action">
        {card('DUE_SOON', need.data?.orderNeedIn24h, 'Orders to ship within 24 h', 'tone-soon', 'need-due-soon')}
        {card('OVERDUE', need.data?.orderOverDate, 'Orders past their ship-by date', 'tone-late', 'need-overdue')}
      </div>
    </Panel>
  );
}

function SoldProductsPanel({ filter }: { filter: OrderFilter }) {
  const sold = useSoldProducts({ ...filter, limit: TOP_PRODUCTS, page: 1 });
  return (
    <Panel title="Top sold products">
      {sold.isError ? (
        <ErrorState error={sold.error} onRetry={() => void sold.refetch()} />
      ) : sold.isPending ? (
        <LinesSkeleton lines={5} label="Loading the top products" />
      ) : sold.data.length === 0 ? (
        <EmptyState icon="pi pi-box" title="Nothing sold in these days" />
      ) : (
        <ol className="sold-list" data-testid="sold-products">
          {sold.data.slice(0, TOP_PRODUCTS).map((p) => (
            <li key={`${p.sellerProductId ?? ''}|${p.productName}`}>
              <Thumb src={p.productImage} alt={p.productName} />
              <span className="sold-name" title={p.productName}>
                {p.productName}
              </span>
              <span className="sold-count">{p.totalSold.toLocaleString('en-US')}</span>
              <span className="muted small">sold</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function ChartPanel({ filter, range, timezone }: { filter: OrderFilter; range: DateRange; timezone: string }) {
  const stats = useDayStats(filter);
  const { from, to } = resolveRange(range, timezone);
  return (
    <Panel title="Orders and sales per day" actions={<span className="muted small">Days in {timezone}</span>}>
      {stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : stats.isPending ? (
        <Skeleton height="280px" />
      ) : (
        <OrdersChart data={fillDays(stats.data.map((d) => ({ date: d.date, orders: d.orders, sales: d.revenue })), from, to)} />
      )}
    </Panel>
  );
}

function FailedJobsPanel({ timezone }: { timezone: string }) {
  const jobs = useFailedJobs(true);
  return (
    <Panel title="Last failed jobs">
      {jobs.isError ? (
        <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : jobs.isPending ? (
        <LinesSkeleton lines={4} label="Loading the failed jobs" />
      ) : jobs.data.items.length === 0 ? (
        <EmptyState icon="pi pi-check-circle" title="No failed job" />
      ) : (
        <ul className="failed-jobs" data-testid="failed-jobs">
          {jobs.data.items.map((j) => (
            <li key={j.id}>
              <span>
                <strong>{j.type}</strong> <span className="muted small">· {formatDateTime(j.updatedAt, timezone)} · {j.attempts} attempt{j.attempts === 1 ? '' : 's'}</span>
              </span>
              {j.error ? <span className="failed-job-error">{j.error}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * An empty catalogue's way to a first live product, first thing on the landing screen: the
 * create screen with the ready template and the shop chosen (issue 21).
 */
function FirstProductBanner() {
  const size = useCatalogueSize();
  if (size.data !== 0) return null;
  return (
    <Panel className="first-product-banner">
      <div className="first-product-banner-body" data-testid="first-product">
        <span className="quick-link-icon">
          <i className="pi pi-sparkles" aria-hidden="true" />
        </span>
        <span>
          <span className="quick-link-title">List your first product</span>
          <span className="quick-link-text">A ready template waits: upload a design, name it, and it goes live on your shop.</span>
        </span>
        <Link to={firstProductPath} className="p-button" data-testid="first-product-start">
          <span className="p-button-label">Create your first product</span>
        </Link>
      </div>
    </Panel>
  );
}

/**
 * The landing screen: the order figures of the days picked (kept per user), what needs action
 * now, orders and sales per day of the user's timezone, the top products, and for admins the
 * jobs that failed last.
 */
export function DashboardScreen() {
  const { data: user } = useCurrentUser();
  const timezone = useTimezone();
  const [stored, setRange] = usePreference<unknown>('dashboard.range', DEFAULT_RANGE);
  const range = isDateRange(stored) && stored.preset !== 'all' ? stored : DEFAULT_RANGE;
  const filter = useMemo<OrderFilter>(() => ({ timezone, ...rangeBounds(range, timezone) }), [range, timezone]);
  const summary = useSummary(filter);
  if (!user) return null;
  const isAdmin = canAccess(user, 'admin');
  return (
    <div className="screen">
      <PageHeader
        title={`${greeting(hourIn(timezone))}, ${user.firstName}`}
        description={`${user.client?.name ?? 'Sellerdesk'} · ${formatDate(new Date().toISOString(), timezone)}`}
        actions={<DateRangePicker value={range} onChange={setRange} timeZone={timezone} presets={RANGE_PRESETS} label="Dashboard days" testId="dashboard-range" />}
      />
      {canAccess(user, 'superAdmin') ? null : <FirstProductBanner />}
      {summary.isError ? <ErrorState error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      <div className="stat-grid" data-testid="order-summary">
        <StatCard label="Orders" value={figure(summary, (d) => d.totalOrders.toLocaleString('en-US'))} icon="pi pi-shopping-cart" tone="indigo" />
        <StatCard label="Revenue estimate" value={figure(summary, (d) => formatMoney(d.revenueEstimate))} icon="pi pi-dollar" tone="green" />
        <StatCard label="Fulfilment cost" value={figure(summary, (d) => formatMoney(d.ffTotalAmount))} icon="pi pi-truck" tone="blue" />
        <StatCard label="Refunds" value={figure(summary, (d) => formatMoney(d.totalRefund))} icon="pi pi-undo" tone="red" />
        <StatCard label="Net" value={figure(summary, (d) => formatMoney(d.totalNetAmount))} icon="pi pi-wallet" tone="slate" hint="After fees, fulfilment and refunds" />
      </div>
      <ChartPanel filter={filter} range={range} timezone={timezone} />
      <div className="grid-2">
        <NeedActionCards timezone={timezone} />
        <SoldProductsPanel filter={filter} />
      </div>
      <div className="grid-2">
        {isAdmin ? <FailedJobsPanel timezone={timezone} /> : null}
        <Panel title="Get started">
          <ul className="quick-links">
            {quickLinks.map((q) => (
              <li key={q.to}>
                <Link to={q.to} className="quick-link">
                  <span className="quick-link-icon">
                    <i className={q.icon} aria-hidden="true" />
                  </span>
                  <span>
                    <span className="quick-link-title">{q.title}</span>
                    <span className="quick-link-text">{q.text}</span>
                  </span>
                  <i className="pi pi-angle-right" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      {canAccess(user, 'superAdmin') ? (
        <Panel title="Platform">
          <EmptyState icon="pi pi-chart-line" title="Watch the job pipeline" action={<Link to={paths.monitors}>Open monitors</Link>}>
            Queues, workers and every job's history across clients.
          </EmptyState>
        </Panel>
      ) : null}
    </div>
  );
}
