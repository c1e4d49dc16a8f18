import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, StatCard } from '@/components/ui/panel';
import { ClientStatusTag, PlanTag, planTypeLabels } from '@/components/ui/plan-tag';
import { LinesSkeleton, TableSkeleton } from '@/components/ui/skeletons';
import { ConnectionTag, titleCase } from '@/components/ui/status-tag';
import { TransactionsTable } from '@/components/ui/transactions-table';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { roleLabels, useTimezone } from '@/lib/auth';
import { confirmAction } from '@/lib/confirm';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useClientDetail, useClientShops, useClientTransactions, useClientUsers, useSetClientActive, type ClientDetail, type ClientShop, type ClientUser } from '../api/clients';
import { AddBalanceDialog } from './add-balance-dialog';

const allowance = (n: number | null | undefined) => (n === null || n === undefined ? 'unlimited' : n.toLocaleString('en-US'));

function PlanPanel({ c, timezone }: { c: ClientDetail; timezone: string }) {
  const plan = c.effectivePlan;
  return (
    <Panel title="Plan">
      <dl className="details" data-testid="client-plan">
        <div>
          <dt>Plan</dt>
          <dd className="order-head-tags">
            <PlanTag type={c.plan?.type} />
            {c.isExpired ? <Tag value={`Expired: ${planTypeLabels[plan?.type ?? 'FREE']} limits apply`} severity="warning" /> : null}
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{c.startDate ? formatDate(c.startDate, timezone) : '—'}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd data-testid="client-end">{c.endDate ? formatDate(c.endDate, timezone) : 'No end date'}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{c.plan && c.plan.salePrice > 0 ? `${formatMoney(c.plan.salePrice)} / ${c.plan.durationDays} days` : 'Free'}</dd>
        </div>
        <div>
          <dt>This month</dt>
          <dd>
            {c.listingsThisMonth} of {allowance(plan?.monthlyListings)} listings, {c.fulfillmentsThisMonth} of {allowance(plan?.monthlyFulfillments)} fulfilments
          </dd>
        </div>
        <div>
          <dt>Bank reference</dt>
          <dd>
            <code>{c.bankTransferReference}</code>
          </dd>
        </div>
      </dl>
    </Panel>
  );
}

function AccountPanel({ c, timezone }: { c: ClientDetail; timezone: string }) {
  return (
    <Panel title="Account">
      <dl className="details" data-testid="client-account">
        <div>
          <dt>Key</dt>
          <dd>{c.client.key}</dd>
        </div>
        <div>
          <dt>Signed up</dt>
          <dd>{formatDate(c.client.createdAt, timezone)}</dd>
        </div>
        <div>
          <dt>Users</dt>
          <dd data-testid="client-users">{c.totalUsers}</dd>
        </div>
        <div>
          <dt>Shops</dt>
          <dd data-testid="client-shops">
            {c.totalShops} of {c.effectivePlan?.maxShops ?? '—'} the plan allows
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <ClientStatusTag active={c.isActive} />
          </dd>
        </div>
      </dl>
      {!c.isActive ? <p className="muted small">A deactivated client&apos;s users cannot sign in; their sessions ended when it was deactivated. Its data is kept.</p> : null}
    </Panel>
  );
}

/** The client's users, read as its admin would see them; the console only looks. */
function UsersPanel({ clientId, timezone }: { clientId: string; timezone: string }) {
  const paging = usePaging('clientUsers.pageSize', null, 10);
  const users = useClientUsers(clientId, paging.page, paging.pageSize);
  let body;
  if (users.isError) body = <ErrorState error={users.error} onRetry={() => void users.refetch()} />;
  else if (users.isPending) body = <TableSkeleton columns={[{ header: 'Name' }, { header: 'Email' }, { header: 'Role' }, { header: 'Added' }]} rows={3} label="Loading users" testId="client-users-loading" />;
  else
    body = (
      <DataTable
        value={users.data.items}
        dataKey="id"
        {...pagedTableProps}
        first={paging.first}
        rows={paging.pageSize}
        totalRecords={users.data.pageInfo.totalCount}
        onPage={paging.onPage}
        loading={users.isFetching && users.isPlaceholderData}
        emptyMessage={<EmptyState icon="pi pi-users" title="No users" />}
        className="data-table"
        data-testid="client-users-table"
        pt={{ table: { 'aria-label': 'Users' } }}
      >
        <Column header="Name" body={(u: ClientUser) => `${u.firstName} ${u.lastName}`.trim()} />
        <Column header="Email" field="email" />
        <Column header="Role" body={(u: ClientUser) => <Tag value={roleLabels[u.role]} severity={u.role === 'STAFF' ? 'secondary' : 'info'} rounded />} style={{ width: '9rem' }} />
        <Column header="Added" body={(u: ClientUser) => formatDate(u.createdAt, timezone)} style={{ width: '9rem' }} />
      </DataTable>
    );
  return (
    <Panel title="Users" flush>
      {body}
    </Panel>
  );
}

/** The client's shops on every channel, with their connection. */
function ShopsPanel({ clientId, timezone }: { clientId: string; timezone: string }) {
  const paging = usePaging('clientShops.pageSize', null, 10);
  const shops = useClientShops(clientId, paging.page, paging.pageSize);
  let body;
  if (shops.isError) body = <ErrorState error={shops.error} onRetry={() => void shops.refetch()} />;
  else if (shops.isPending) body = <TableSkeleton columns={[{ header: 'Shop' }, { header: 'Channel' }, { header: 'Connection' }, { header: 'Last synced' }]} rows={3} label="Loading shops" testId="client-shops-loading" />;
  else
    body = (
      <DataTable
        value={shops.data.items}
        dataKey="id"
        {...pagedTableProps}
        first={paging.first}
        rows={paging.pageSize}
        totalRecords={shops.data.pageInfo.totalCount}
        onPage={paging.onPage}
        loading={shops.isFetching && shops.isPlaceholderData}
        emptyMessage={<EmptyState icon="pi pi-shop" title="No shops connected" />}
        className="data-table"
        data-testid="client-shops-table"
        pt={{ table: { 'aria-label': 'Shops' } }}
      >
        <Column header="Shop" field="name" />
        <Column header="Channel" body={(s: ClientShop) => `${titleCase(s.saleChannel)} ${s.targetMarket}`} style={{ width: '10rem' }} />
        <Column header="Connection" body={(s: ClientShop) => <ConnectionTag connection={s.connection} />} style={{ width: '10rem' }} />
        <Column header="Last synced" body={(s: ClientShop) => (s.lastSyncedAt ? formatDateTime(s.lastSyncedAt, timezone) : 'Never')} style={{ width: '12rem' }} />
      </DataTable>
    );
  return (
    <Panel title="Shops" flush>
      {body}
    </Panel>
  );
}

/**
 * One seller (SUPER_ADMIN): plan and dates, balance with a credit by hand, the balance's
 * transactions, its users and shops, and activation (deactivating ends its users' sessions at
 * once, so it asks first).
 */
export function ClientDetailScreen() {
  const { clientId = '' } = useParams();
  const timezone = useTimezone();
  const detail = useClientDetail(clientId);
  const paging = usePaging('transactions.pageSize', null, 10);
  const transactions = useClientTransactions(clientId, paging.page, paging.pageSize);
  const setActive = useSetClientActive();
  const [adding, setAdding] = useState(false);

  const back = (
    <Link to={paths.clients.list} className="quick-link-text">
      <i className="pi pi-arrow-left" aria-hidden="true" /> Clients
    </Link>
  );

  if (detail.isError || detail.data === null) {
    const missing = detail.data === null || (detail.error instanceof ApiError && detail.error.hasCode('NOT_FOUND'));
    return (
      <div className="screen">
        {back}
        <PageHeader title="Client" />
        {missing ? (
          <Panel>
            <EmptyState icon="pi pi-briefcase" title="No such client">
              It may be the platform&apos;s own account, which has no plan. <Link to={paths.clients.list}>Back to clients</Link>
            </EmptyState>
          </Panel>
        ) : (
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </div>
    );
  }
  const c = detail.data;

  const toggle = async () => {
    if (!c) return;
    const activate = !c.isActive;
    const ok = await confirmAction(
      activate
        ? { header: `Reactivate ${c.client.name}?`, message: 'Its users can sign in again.', acceptLabel: 'Reactivate' }
        : {
            header: `Deactivate ${c.client.name}?`,
            message: 'Its users are signed out at once and cannot sign in until it is reactivated. Nothing of its data is lost.',
            acceptLabel: 'Deactivate',
            danger: true,
          },
    );
    if (!ok) return;
    setActive.mutate({ id: c.client.id, isActive: activate }, { onSuccess: () => notify.success(`${c.client.name} is ${activate ? 'active again' : 'deactivated'}.`) });
  };

  return (
    <div className="screen">
      {back}
      {c ? (
        <PageHeader
          title={c.client.name}
          description={
            <span className="order-head-tags">
              <ClientStatusTag active={c.isActive} />
              <PlanTag type={c.plan?.type} />
              <span className="muted">{c.client.key}</span>
            </span>
          }
          actions={
            <>
              <Button label="Add balance" icon="pi pi-plus" onClick={() => setAdding(true)} data-testid="client-add-balance" />
              <Button
                label={c.isActive ? 'Deactivate' : 'Reactivate'}
                icon={c.isActive ? 'pi pi-ban' : 'pi pi-check-circle'}
                severity={c.isActive ? 'danger' : 'success'}
                outlined
                loading={setActive.isPending}
                onClick={() => void toggle()}
                data-testid="client-toggle-active"
              />
            </>
          }
        />
      ) : (
        <div aria-busy="true" aria-label="Loading client" data-testid="client-loading">
          <Skeleton width="16rem" height="2rem" />
        </div>
      )}
      <div className="stat-grid">
        <StatCard label="Balance" icon="pi pi-wallet" tone="green" value={c ? <span data-testid="client-balance">{formatMoney(c.balance)}</span> : <Skeleton width="6rem" height="1.6rem" />} />
        <StatCard label="Plan" icon="pi pi-star" tone={c?.isExpired ? 'red' : 'indigo'} value={c ? planTypeLabels[c.isExpired ? 'FREE' : (c.plan?.type ?? 'FREE')] : <Skeleton width="6rem" height="1.6rem" />} />
        <StatCard label="Users" icon="pi pi-users" tone="blue" value={c ? c.totalUsers : <Skeleton width="3rem" height="1.6rem" />} />
        <StatCard label="Shops" icon="pi pi-shop" tone="slate" value={c ? c.totalShops : <Skeleton width="3rem" height="1.6rem" />} />
      </div>
      <div className="grid-2">
        {c ? <PlanPanel c={c} timezone={timezone} /> : <Panel title="Plan"><LinesSkeleton lines={6} label="Loading plan" /></Panel>}
        {c ? <AccountPanel c={c} timezone={timezone} /> : <Panel title="Account"><LinesSkeleton lines={5} label="Loading account" /></Panel>}
      </div>
      <Panel title="Transactions" flush>
        <TransactionsTable query={transactions} paging={paging} timezone={timezone} testId="client-transactions" />
      </Panel>
      <div className="grid-2">
        <UsersPanel clientId={clientId} timezone={timezone} />
        <ShopsPanel clientId={clientId} timezone={timezone} />
      </div>
      {c ? <AddBalanceDialog client={{ id: c.client.id, name: c.client.name }} reference={c.bankTransferReference} visible={adding} onHide={() => setAdding(false)} /> : null}
    </div>
  );
}
