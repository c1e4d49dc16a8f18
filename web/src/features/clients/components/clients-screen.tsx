import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { ClientStatusTag, PLAN_TYPES, PlanTag, planTypeLabels } from '@/components/ui/plan-tag';
import { SearchBox } from '@/components/ui/search-box';
import { TableSkeleton } from '@/components/ui/skeletons';
import { pathTo, paths } from '@/config/paths';
import type { ClientSubscriptionFilter, ClientSubscriptionSort, PlanType } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useClients, type ClientRow } from '../api/clients';
import { PlansDialog } from './plans-dialog';

type Status = 'ACTIVE' | 'INACTIVE';

const PLAN_OPTIONS = PLAN_TYPES.map((value) => ({ value, label: planTypeLabels[value] }));
const STATUS_OPTIONS: { value: Status; label: string }[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Deactivated' },
];
const SORT_OPTIONS: { value: ClientSubscriptionSort; label: string }[] = [
  { value: 'NEWEST', label: 'Newest first' },
  { value: 'NAME', label: 'Name (A–Z)' },
  { value: 'BALANCE', label: 'Largest balance' },
  { value: 'END_DATE', label: 'Period ends soonest' },
];

/** Columns the API sorts by, each in its one direction (the server's sorts have no reverse). */
const SORT_COLUMNS: Record<string, { sort: ClientSubscriptionSort; order: 1 | -1 }> = {
  'client.name': { sort: 'NAME', order: 1 },
  balance: { sort: 'BALANCE', order: -1 },
  endDate: { sort: 'END_DATE', order: 1 },
};

const SKELETON_COLUMNS = [{ header: 'Client' }, { header: 'Plan' }, { header: 'Period ends' }, { header: 'Balance' }, { header: 'Status' }, { header: 'Users' }, { header: 'Shops' }];

/**
 * Every seller on the platform (SUPER_ADMIN): a search by name or key, plan and status
 * filters, sorts the server offers, and paging; a row opens the client.
 */
export function ClientsScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const [planType, setPlanType] = useState<PlanType | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const [sort, setSort] = useState<ClientSubscriptionSort>('NEWEST');
  const [plansOpen, setPlansOpen] = useState(false);

  const base = useMemo<ClientSubscriptionFilter>(
    () => ({
      ...(debounced ? { search: debounced } : {}),
      ...(planType ? { planType } : {}),
      ...(status ? { isActive: status === 'ACTIVE' } : {}),
      sort,
    }),
    [debounced, planType, status, sort],
  );
  const paging = usePaging('clients.pageSize', base);
  const clients = useClients({ ...base, limit: paging.pageSize, page: paging.page });
  const filtered = !!debounced || !!planType || !!status;

  const sortColumn = Object.entries(SORT_COLUMNS).find(([, v]) => v.sort === sort);
  const onSort = (e: DataTableStateEvent) => {
    const column = e.sortField ? SORT_COLUMNS[e.sortField] : undefined;
    if (column) setSort(column.sort);
  };

  const clientCell = (r: ClientRow) => (
    <div className="cell-title">
      <Link to={pathTo(paths.clients.detail, { clientId: r.client.id })} className="cell-title-main" onClick={(e) => e.stopPropagation()}>
        {r.client.name}
      </Link>
      <span className="muted small">{r.client.key}</span>
    </div>
  );
  const planCell = (r: ClientRow) => (
    <div className="order-head-tags">
      <PlanTag type={r.plan?.type} />
      {r.isExpired ? <Tag value="Expired" severity="warning" /> : null}
    </div>
  );

  return (
    <div className="screen">
      <PageHeader
        title="Clients"
        description="Every seller on the platform, their plans, balances and status."
        actions={<Button label="Plans" icon="pi pi-sliders-h" outlined onClick={() => setPlansOpen(true)} data-testid="edit-plans" />}
      />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter clients">
          <SearchBox value={search} onChange={setSearch} placeholder="Name or key" label="Search clients" testId="clients-search" />
          <Dropdown
            value={planType}
            options={PLAN_OPTIONS}
            onChange={(e) => setPlanType((e.value as PlanType | null) ?? null)}
            placeholder="All plans"
            showClear
            ariaLabel="Plan"
            className="filter-status"
            data-testid="clients-plan"
          />
          <Dropdown
            value={status}
            options={STATUS_OPTIONS}
            onChange={(e) => setStatus((e.value as Status | null) ?? null)}
            placeholder="Any status"
            showClear
            ariaLabel="Status"
            className="filter-status"
            data-testid="clients-status"
          />
          <Dropdown value={sort} options={SORT_OPTIONS} onChange={(e) => setSort(e.value as ClientSubscriptionSort)} ariaLabel="Sort" className="filter-status" data-testid="clients-sort" />
          <span className="filters-spacer" />
          {filtered ? (
            <Button
              label="Clear filters"
              icon="pi pi-filter-slash"
              text
              size="small"
              onClick={() => {
                setSearch('');
                setPlanType(null);
                setStatus(null);
              }}
            />
          ) : null}
        </div>
        {clients.isError ? (
          <ErrorState error={clients.error} onRetry={() => void clients.refetch()} />
        ) : clients.isPending ? (
          <TableSkeleton columns={SKELETON_COLUMNS} label="Loading clients" testId="clients-loading" />
        ) : (
          <DataTable
            value={clients.data.items}
            dataKey="id"
            {...pagedTableProps}
            first={paging.first}
            rows={paging.pageSize}
            totalRecords={clients.data.pageInfo.totalCount}
            onPage={paging.onPage}
            sortField={sortColumn?.[0]}
            sortOrder={sortColumn?.[1].order ?? 0}
            onSort={onSort}
            onRowClick={(e) => {
              const target = e.originalEvent.target as HTMLElement;
              if (target.closest('a, button')) return;
              void navigate(pathTo(paths.clients.detail, { clientId: (e.data as ClientRow).client.id }));
            }}
            rowClassName={() => 'row-link'}
            loading={clients.isFetching && clients.isPlaceholderData}
            emptyMessage={
              <EmptyState icon="pi pi-briefcase" title={filtered ? 'No client matches' : 'No clients yet'}>
                {filtered ? 'Try another search, plan or status.' : 'Sellers appear here once they sign up.'}
              </EmptyState>
            }
            className="data-table"
            data-testid="clients-table"
            pt={{ table: { 'aria-label': 'Clients' } }}
          >
            <Column header="Client" field="client.name" sortable body={clientCell} />
            <Column header="Plan" body={planCell} style={{ width: '10rem' }} />
            <Column header="Period ends" field="endDate" sortable body={(r: ClientRow) => (r.endDate ? formatDate(r.endDate, timezone) : '—')} style={{ width: '10rem' }} />
            <Column header="Balance" field="balance" sortable body={(r: ClientRow) => formatMoney(r.balance)} align="right" style={{ width: '9rem' }} />
            <Column header="Status" body={(r: ClientRow) => <ClientStatusTag active={r.isActive} />} style={{ width: '9rem' }} />
            <Column header="Users" field="totalUsers" align="right" style={{ width: '6rem' }} />
            <Column header="Shops" field="totalShops" align="right" style={{ width: '6rem' }} />
          </DataTable>
        )}
      </Panel>
      <PlansDialog visible={plansOpen} onHide={() => setPlansOpen(false)} />
    </div>
  );
}
