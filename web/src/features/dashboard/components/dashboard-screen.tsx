import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, StatCard } from '@/components/ui/panel';
import { paths } from '@/config/paths';
import { canAccess, useCurrentUser, useTimezone } from '@/lib/auth';
import { formatDate } from '@/lib/dates';

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
  { to: paths.shops.tiktok, icon: 'pi pi-shop', title: 'Connect a shop', text: 'Link your TikTok shop to sync products and orders.' },
  { to: paths.productTemplates.create, icon: 'pi pi-clone', title: 'Create a template', text: 'Define variants and prices once, list many designs.' },
  { to: paths.products.create, icon: 'pi pi-box', title: 'Add products', text: 'Turn designs into products ready to publish.' },
  { to: paths.fulfillments.orders, icon: 'pi pi-truck', title: 'Fulfil orders', text: 'Send orders to your print-on-demand providers.' },
];

/** The landing screen; the orders area fills the summary and the need-action counts. */
export function DashboardScreen() {
  const { data: user } = useCurrentUser();
  const timezone = useTimezone();
  if (!user) return null;
  return (
    <div className="screen">
      <PageHeader
        title={`${greeting(hourIn(timezone))}, ${user.firstName}`}
        description={`${user.client?.name ?? 'Sellerdesk'} · ${formatDate(new Date().toISOString(), timezone)}`}
      />
      <div className="stat-grid" data-testid="order-summary">
        <StatCard label="Orders" value="—" icon="pi pi-shopping-cart" tone="indigo" hint="Connect a shop to see orders" />
        <StatCard label="Revenue estimate" value="—" icon="pi pi-dollar" tone="green" />
        <StatCard label="Fulfilment cost" value="—" icon="pi pi-truck" tone="blue" />
        <StatCard label="Refunds" value="—" icon="pi pi-undo" tone="red" />
      </div>
      <div className="grid-2">
        <Panel title="Needs your attention">
          <div className="need-action">
            <div className="need-action-item">
              <span className="need-action-value">—</span>
              <span className="need-action-label">Orders to ship within 24 h</span>
            </div>
            <div className="need-action-item">
              <span className="need-action-value">—</span>
              <span className="need-action-label">Orders past their ship-by date</span>
            </div>
          </div>
        </Panel>
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
