import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { TableSkeleton } from '@/components/ui/skeletons';
import { paths } from '@/config/paths';
import type { JobStatus, PromotionSortField, SortDirection, TiktokPromotionFilter } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/dates';
import { useShopOptions } from '@/lib/lookups';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { useDebounced } from '@/lib/use-debounced';
import { useNow } from '@/lib/use-now';
import { useBulkUpdateTiktokPromotion, useTiktokPromotions, type PromotionRow } from '../api/promotions';
import { plural, scheduleStatusLabels } from './labels';
import { PromotionDetails } from './promotion-details';
import { canDeactivate, formatIn, phaseLabels, phaseOf, phaseSeverities, type Phase } from './promotion-state';

type StatusTab = JobStatus | 'ALL';
type AutoRenew = 'ON' | 'OFF';

interface Sort {
  field: PromotionSortField;
  direction: SortDirection;
}

interface Filters {
  status: StatusTab;
  shopId: string;
  autoRenew: AutoRenew | '';
  sort: Sort;
}
/** The server's own order: the newest windows first. */
const DEFAULT_SORT: Sort = { field: 'BEGIN_TIME', direction: 'DESC' };
const NO_FILTERS: Filters = { status: 'ALL', shopId: '', autoRenew: '', sort: DEFAULT_SORT };

/** The columns the API sorts by. */
const SORT_COLUMNS: Record<string, PromotionSortField> = {
  title: 'TITLE',
  beginTime: 'BEGIN_TIME',
  nextRenewalAt: 'NEXT_RENEWAL_AT',
};
const columnOf = (field: PromotionSortField) => Object.entries(SORT_COLUMNS).find(([, f]) => f === field)?.[0];
const STATUS_TABS: StatusTab[] = ['ALL', 'SUCCESS', 'PENDING', 'PROCESSING', 'FAILED'];
const tabLabel = (s: StatusTab) => (s === 'ALL' ? 'All' : scheduleStatusLabels[s]);

const SKELETON_COLUMNS = [
  { header: '', width: '3rem' },
  { header: 'Promotion' },
  { header: 'Status', width: '8rem' },
  { header: 'Window' },
  { header: 'Products', width: '8rem' },
  { header: 'Auto-renew', width: '7rem' },
  { header: 'Next renewal' },
  { header: '', width: '5rem' },
];

/** A row as the table shows it: the promotion and where it stands now. */
interface Row extends PromotionRow {
  shopName: string;
  phase: Phase;
}

/**
 * /shops/tiktok/promotions: every flash sale across the client's TikTok shops, where each stands,
 * its products, whether it renews itself and when; auto-renew and deactivation one by one or for a
 * selection; a row opens its history.
 */
export function PromotionsScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const now = useNow(30_000);
  const [saved, setSaved] = usePreference<Filters>('promotions.filters', NO_FILTERS);
  const filters = { ...NO_FILTERS, ...saved };
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('promotions.pageSize', [filters, debounced]);
  const [selected, setSelected] = useState<Row[]>([]);
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const shops = useShopOptions('TIKTOK');
  const update = useBulkUpdateTiktokPromotion();
  // The row whose switch or button is busy, so only it spins.
  const [busyId, setBusyId] = useState<string | null>(null);

  const filter = useMemo<TiktokPromotionFilter>(
    () => ({
      limit: paging.pageSize,
      page: paging.page,
      ...(debounced ? { search: debounced } : {}),
      ...(filters.status !== 'ALL' ? { status: filters.status } : {}),
      ...(filters.shopId ? { shopId: filters.shopId } : {}),
      ...(filters.autoRenew ? { autoRenew: filters.autoRenew === 'ON' } : {}),
      sort: filters.sort.field,
      sortDirection: filters.sort.direction,
    }),
    [paging.pageSize, paging.page, debounced, filters.status, filters.shopId, filters.autoRenew, filters.sort.field, filters.sort.direction],
  );
  const promotions = useTiktokPromotions(filter);
  const items = promotions.data?.items;
  const rows = useMemo<Row[]>(() => (items ?? []).map((p) => ({ ...p, shopName: p.syncShop.shopName, phase: phaseOf(p, now) })), [items, now]);
  const set = <K extends keyof Filters>(name: K, value: Filters[K]) => setSaved({ ...filters, [name]: value });
  const filtered = !!debounced || filters.status !== 'ALL' || !!filters.shopId || !!filters.autoRenew;
  const onSort = (e: DataTableStateEvent) => {
    const field = e.sortField ? SORT_COLUMNS[e.sortField] : undefined;
    set('sort', field && e.sortOrder ? { field, direction: e.sortOrder === 1 ? 'ASC' : 'DESC' } : DEFAULT_SORT);
  };

  const where = (p: Pick<Row, 'title' | 'shopName'>) => `${p.title} on ${p.shopName}`;

  const setAutoRenew = (p: Row, on: boolean) => {
    setBusyId(p.id);
    update.mutate(
      { ids: [p.id], autoRenew: on },
      {
        onSuccess: () => notify.success(on ? `${where(p)} now renews itself.` : `${where(p)} will not be renewed.`),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const deactivate = async (p: Row) => {
    const ok = await confirmAction({
      header: 'Deactivate promotion',
      message: `Deactivate ${where(p)}? The flash sale ends on TikTok Shop now, cannot be started again, and is not renewed.`,
      acceptLabel: 'Deactivate',
      danger: true,
    });
    if (!ok) return;
    setBusyId(p.id);
    update.mutate(
      { ids: [p.id], deactivate: true },
      { onSuccess: () => notify.success(`${where(p)} was deactivated.`), onSettled: () => setBusyId(null) },
    );
  };

  const bulkAutoRenew = (on: boolean) => {
    const ids = selected.map((p) => p.id);
    update.mutate(
      { ids, autoRenew: on },
      {
        onSuccess: (n) => {
          notify.success(`Auto-renew is ${on ? 'on' : 'off'} for ${plural(n, 'promotion')}.`);
          setSelected([]);
        },
      },
    );
  };

  const bulkDeactivate = async () => {
    const ids = selected.map((p) => p.id);
    const ok = await confirmAction({
      header: 'Deactivate promotions',
      message: `Deactivate ${plural(ids.length, 'promotion')}? Their flash sales end on TikTok Shop now, cannot be started again, and are not renewed.`,
      acceptLabel: `Deactivate ${ids.length}`,
      danger: true,
    });
    if (!ok) return;
    update.mutate(
      { ids, deactivate: true },
      {
        onSuccess: (n) => {
          notify.success(`${plural(n, 'promotion')} deactivated.`);
          setSelected([]);
        },
      },
    );
  };

  const create = () => navigate(paths.shops.promotionsCreate);
  const tabs = STATUS_TABS.map((s) => ({ value: s, label: tabLabel(s) }));

  const promotionCell = (p: Row) => (
    <div className="cell-title">
      <span className="cell-title-main">{p.title}</span>
      <span className="muted small">{p.shopName}</span>
    </div>
  );
  const itemsCell = (p: Row) => (
    <span className="promotion-items" aria-label={`${p.successItemsCount} added, ${p.failedItemsCount} failed`}>
      <span className="count count-green" title="Products in the sale">
        <i className="pi pi-check" aria-hidden="true" /> {p.successItemsCount}
      </span>
      <span className={`count ${p.failedItemsCount > 0 ? 'count-red' : 'count-zero'}`} title="Products left out">
        <i className="pi pi-times" aria-hidden="true" /> {p.failedItemsCount}
      </span>
    </span>
  );
  const autoRenewCell = (p: Row) => (
    <InputSwitch
      checked={p.autoRenew}
      onChange={(e) => setAutoRenew(p, !!e.value)}
      disabled={busyId === p.id || p.phase === 'DEACTIVATED'}
      aria-label={`Auto-renew ${where(p)}`}
      data-testid={`auto-renew-${p.id}`}
    />
  );
  const statusCell = (p: Row) => (
    <div className="cell-title promotion-status">
      <Tag value={phaseLabels[p.phase]} severity={phaseSeverities[p.phase]} rounded />
      {p.phase === 'FAILED' && p.error ? (
        <span className="error-text small truncate" title={p.error}>
          {p.error}
        </span>
      ) : null}
    </div>
  );
  const nextCell = (p: Row) =>
    p.nextRenewalAt ? (
      <div className="cell-title">
        <span>{formatDateTime(p.nextRenewalAt, timezone)}</span>
        <span className="muted small">{formatIn(p.nextRenewalAt, now)}</span>
      </div>
    ) : (
      <span className="muted">—</span>
    );
  const actionsCell = (p: Row) => (
    <div className="row-actions">
      {canDeactivate(p, p.phase) ? (
        <Button
          icon="pi pi-stop-circle"
          rounded
          text
          severity="danger"
          aria-label={`Deactivate ${where(p)}`}
          loading={busyId === p.id && update.isPending}
          onClick={() => void deactivate(p)}
        />
      ) : null}
    </div>
  );

  return (
    <div className="screen">
      <PageHeader
        title="Promotions"
        description={
          <>
            TikTok flash sales across your shops; the auto-renewing ones start their next window as the current one ends. Plans are in{' '}
            <Link to={paths.promotionSettings}>Promotion settings</Link>.
          </>
        }
        actions={<Button label="New promotion" icon="pi pi-plus" onClick={create} data-testid="new-promotion" />}
      />
      <Panel flush>
        <FilterTabs tabs={tabs} value={filters.status} onChange={(s) => set('status', s)} label="Status" testId="promotions-status" />
        <div className="filters" role="search" aria-label="Filter promotions">
          <SearchBox value={search} onChange={setSearch} placeholder="Search promotions" label="Search promotions" testId="promotions-search" />
          <Dropdown
            value={filters.shopId || null}
            options={(shops.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
            onChange={(e) => set('shopId', (e.value as string | null) ?? '')}
            placeholder="All shops"
            showClear
            filter
            ariaLabel="Shop"
            className="filter-status"
            data-testid="promotions-shop"
          />
          <Dropdown
            value={filters.autoRenew || null}
            options={[
              { label: 'Auto-renew on', value: 'ON' },
              { label: 'Auto-renew off', value: 'OFF' },
            ]}
            onChange={(e) => set('autoRenew', (e.value as AutoRenew | null) ?? '')}
            placeholder="Any renewal"
            showClear
            ariaLabel="Auto-renew"
            className="filter-status"
            data-testid="promotions-auto-renew"
          />
          {filtered ? (
            <Button
              label="Clear"
              icon="pi pi-filter-slash"
              text
              severity="secondary"
              onClick={() => {
                setSaved(NO_FILTERS);
                setSearch('');
              }}
            />
          ) : null}
        </div>
        {selected.length > 0 ? (
          <div className="selection-bar" data-testid="selection-bar" role="toolbar" aria-label="Bulk actions">
            <span className="selection-bar-count">{selected.length} selected</span>
            <Button label="Auto-renew on" icon="pi pi-refresh" size="small" onClick={() => bulkAutoRenew(true)} disabled={update.isPending} data-testid="bulk-renew-on" />
            <Button label="Auto-renew off" icon="pi pi-ban" size="small" outlined onClick={() => bulkAutoRenew(false)} disabled={update.isPending} data-testid="bulk-renew-off" />
            <Button
              label="Deactivate"
              icon="pi pi-stop-circle"
              size="small"
              severity="danger"
              outlined
              onClick={() => void bulkDeactivate()}
              disabled={update.isPending}
              data-testid="bulk-deactivate"
            />
            <Button label="Clear" size="small" text severity="secondary" onClick={() => setSelected([])} />
          </div>
        ) : null}
        {promotions.isError ? (
          <ErrorState error={promotions.error} onRetry={() => void promotions.refetch()} />
        ) : promotions.isPending ? (
          <TableSkeleton columns={SKELETON_COLUMNS} label="Loading promotions" testId="promotions-loading" />
        ) : (
          <DataTable
            value={rows}
            dataKey="id"
            {...pagedTableProps}
            first={paging.first}
            rows={paging.pageSize}
            totalRecords={promotions.data.pageInfo.totalCount}
            onPage={paging.onPage}
            sortField={columnOf(filters.sort.field)}
            sortOrder={filters.sort.direction === 'ASC' ? 1 : -1}
            onSort={onSort}
            removableSort
            selectionMode="checkbox"
            selection={selected}
            onSelectionChange={(e) => setSelected(e.value as Row[])}
            expandedRows={expanded}
            onRowToggle={(e) => setExpanded(e.data as DataTableExpandedRows)}
            rowExpansionTemplate={(p: Row) => (
              <PromotionDetails promotion={p} phase={p.phase} timezone={timezone} now={now} />
            )}
            loading={promotions.isFetching && promotions.isPlaceholderData}
            emptyMessage={
              <EmptyState
                icon="pi pi-bolt"
                title={filtered ? 'No promotion matches these filters' : 'No promotion yet'}
                action={filtered ? undefined : <Button label="New promotion" icon="pi pi-plus" onClick={create} />}
              >
                {filtered ? null : 'Schedule a flash sale from a plan on one or more shops; it can renew itself.'}
              </EmptyState>
            }
            className="data-table"
            data-testid="promotions-table"
            pt={{ table: { 'aria-label': 'Promotions' } }}
          >
            <Column expander style={{ width: '3rem' }} />
            <Column selectionMode="multiple" style={{ width: '3rem' }} />
            <Column header="Promotion" field="title" sortable body={promotionCell} />
            <Column header="Status" body={statusCell} style={{ width: '10rem' }} />
            <Column
              header="Window"
              field="beginTime"
              sortable
              body={(p: Row) => (
                <div className="cell-title">
                  <span>{formatDateTime(p.beginTime, timezone)}</span>
                  <span className="muted small">until {formatDateTime(p.endTime, timezone)}</span>
                </div>
              )}
            />
            <Column header="Products" body={itemsCell} style={{ width: '8rem' }} />
            <Column header="Auto-renew" body={autoRenewCell} style={{ width: '8rem' }} />
            <Column header="Next renewal" field="nextRenewalAt" sortable body={nextCell} />
            <Column header="" align="right" style={{ width: '5rem' }} body={actionsCell} />
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
