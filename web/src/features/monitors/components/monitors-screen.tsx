import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows, type DataTableStateEvent, type DataTableValueArray } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useMemo, useState } from 'react';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, StatCard } from '@/components/ui/panel';
import { JobStatusTag } from '@/components/ui/status-tag';
import type {
  EventHistoryFilter,
  GetEventHistoriesQuery,
  GetFulfillmentDriftsQuery,
  GetQueueStatsQuery,
  GetWorkersQuery,
  JobStatus,
} from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { formatAge, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { usePreference } from '@/lib/preferences';
import { useEventHistories, useFulfillmentDrifts, useJobBatch, useQueueStats, useRetryEventHistory, useWorkers } from '../api/monitors';

type EventRow = GetEventHistoriesQuery['getEventHistories']['items'][number];
type QueueRow = GetQueueStatsQuery['getQueueStats'][number];
type WorkerRow = GetWorkersQuery['getWorkers'][number];
type DriftRow = GetFulfillmentDriftsQuery['getFulfillmentDrifts'][number];

const DRIFT_LABELS: Record<DriftRow['kind'], string> = {
  UNKNOWN_AT_SELLERDESK: 'Not sent from Sellerdesk',
  MISSING_AT_PROVIDER: 'Missing at the provider',
  STATUS_MISMATCH: 'Statuses disagree',
};

interface Filters {
  type: string;
  status: JobStatus | '';
  clientId: string;
  batchId: string;
}

const NO_FILTERS: Filters = { type: '', status: '', clientId: '', batchId: '' };
const STATUSES: JobStatus[] = ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'];
const PAGE_SIZES = [10, 20, 50, 100];
/** A worker silent for longer than this is shown as offline. */
const WORKER_STALE_MS = 60_000;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return debounced;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

function Count({ value, tone }: { value: number; tone: string }) {
  return <span className={`count ${value > 0 ? `count-${tone}` : 'count-zero'}`}>{value.toLocaleString('en-US')}</span>;
}

function BatchProgress({ batchId, live }: { batchId: string; live: boolean }) {
  const batch = useJobBatch(batchId, live);
  if (batch.isPending) return null;
  if (batch.isError) return <ErrorState error={batch.error} />;
  const b = batch.data;
  const done = b.succeeded + b.failed;
  const percent = b.total > 0 ? Math.round((done / b.total) * 100) : 0;
  return (
    <div className="batch-progress" data-testid="batch-progress">
      <div className="batch-progress-head">
        <span>
          Batch <code>{b.id}</code> · <code>{b.type}</code>
        </span>
        <span>
          {done} of {b.total} done · <Count value={b.pending} tone="orange" /> pending · <Count value={b.processing} tone="blue" />{' '}
          running · <Count value={b.failed} tone="red" /> failed
        </span>
      </div>
      <ProgressBar value={percent} showValue={false} style={{ height: 8 }} />
    </div>
  );
}

function EventDetails({ row }: { row: EventRow }) {
  return (
    <div className="event-details">
      {row.error ? (
        <div>
          <div className="event-details-label">Error</div>
          <pre className="code-block code-block-error" data-testid="event-error">
            {row.error}
          </pre>
        </div>
      ) : null}
      <div>
        <div className="event-details-label">Payload</div>
        <pre className="code-block">{JSON.stringify(row.event, null, 2)}</pre>
      </div>
      <dl className="details details-inline">
        <div>
          <dt>Job id</dt>
          <dd>
            <code>{row.id}</code>
          </dd>
        </div>
        <div>
          <dt>Client</dt>
          <dd>{row.clientId ? <code>{row.clientId}</code> : '—'}</dd>
        </div>
        <div>
          <dt>Batch</dt>
          <dd>{row.batchId ? <code>{row.batchId}</code> : '—'}</dd>
        </div>
      </dl>
    </div>
  );
}

export function MonitorsScreen() {
  const timezone = useTimezone();
  const now = useNow(5000);
  const [live, setLive] = usePreference('monitors.live', true);
  const [saved, setSaved] = usePreference<Filters>('monitors.filters', NO_FILTERS);
  const [pageSize, setPageSize] = usePreference('monitors.pageSize', 20);
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, ...saved });
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<DataTableExpandedRows | DataTableValueArray | undefined>(undefined);

  const debounced = useDebounced(filters, 350);
  useEffect(() => setSaved(debounced), [debounced, setSaved]);
  // New filters start again at the first page, in the same render (no request for the old page).
  const [pagedFilters, setPagedFilters] = useState(debounced);
  if (pagedFilters !== debounced) {
    setPagedFilters(debounced);
    setPage(1);
  }

  const query: EventHistoryFilter = useMemo(() => {
    const f: EventHistoryFilter = { limit: pageSize, page };
    if (debounced.type.trim()) f.type = debounced.type.trim();
    if (debounced.status) f.status = debounced.status;
    if (debounced.clientId.trim()) f.clientId = debounced.clientId.trim();
    if (debounced.batchId.trim()) f.batchId = debounced.batchId.trim();
    return f;
  }, [debounced, page, pageSize]);

  const stats = useQueueStats(live);
  const workers = useWorkers(live);
  const events = useEventHistories(query, live);
  const retry = useRetryEventHistory();
  const drifts = useFulfillmentDrifts(live);

  const totals = useMemo(
    () =>
      (stats.data ?? []).reduce(
        (t, q) => ({ pending: t.pending + q.pending, processing: t.processing + q.processing, succeeded: t.succeeded + q.succeeded, failed: t.failed + q.failed }),
        { pending: 0, processing: 0, succeeded: 0, failed: 0 },
      ),
    [stats.data],
  );
  const online = (workers.data ?? []).filter((w) => now - new Date(w.lastSeenAt).getTime() < WORKER_STALE_MS).length;
  const kinds = useMemo(() => {
    const set = new Set((stats.data ?? []).map((q) => q.type));
    if (filters.type) set.add(filters.type);
    return [...set].sort().map((k) => ({ label: k, value: k }));
  }, [stats.data, filters.type]);

  const set = <K extends keyof Filters>(name: K, value: Filters[K]) => setFilters((f) => ({ ...f, [name]: value }));
  const filtered = Object.values(filters).some((v) => v !== '');

  const refreshAll = () => {
    void stats.refetch();
    void workers.refetch();
    void events.refetch();
    void drifts.refetch();
  };

  const onPage = (event: DataTableStateEvent) => {
    if (event.rows !== pageSize) {
      setPageSize(event.rows);
      setPage(1);
    } else setPage((event.page ?? 0) + 1);
  };

  const onRetry = (row: EventRow) =>
    retry.mutate(row.id, { onSuccess: () => notify.success(`The ${row.type} job was queued again.`) });

  const updatedAt = Math.max(stats.dataUpdatedAt, workers.dataUpdatedAt, events.dataUpdatedAt);

  return (
    <div className="screen">
      <PageHeader
        title="Monitors"
        description="Queued work across every client: queues, workers and each job's history."
        actions={
          <div className="row-gap">
            <span className="muted small" data-testid="updated-at">
              {updatedAt ? `Updated ${formatDateTime(new Date(updatedAt).toISOString(), timezone).split(', ').pop()}` : ''}
            </span>
            <label className="switch-label" htmlFor="live-refresh">
              <InputSwitch inputId="live-refresh" checked={live} onChange={(e) => setLive(e.value)} />
              Live
            </label>
            <Button icon="pi pi-refresh" label="Refresh" severity="secondary" outlined onClick={refreshAll} />
          </div>
        }
      />

      <div className="stat-grid">
        <StatCard label="Pending" value={totals.pending.toLocaleString('en-US')} icon="pi pi-clock" tone="orange" />
        <StatCard label="Processing" value={totals.processing.toLocaleString('en-US')} icon="pi pi-spin pi-cog" tone="blue" />
        <StatCard label="Succeeded" value={totals.succeeded.toLocaleString('en-US')} icon="pi pi-check-circle" tone="green" />
        <StatCard label="Failed" value={totals.failed.toLocaleString('en-US')} icon="pi pi-times-circle" tone="red" />
        <StatCard label="Workers online" value={`${online} / ${workers.data?.length ?? 0}`} icon="pi pi-server" tone="indigo" />
      </div>

      <div className="grid-2">
        <Panel title="Queues" flush>
          {stats.isError ? (
            <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
          ) : (
            <DataTable
              value={stats.data ?? []}
              dataKey="type"
              loading={stats.isPending}
              size="small"
              className="data-table"
              emptyMessage={stats.isPending ? <RowsSkeleton rows={3} label="Loading the queues" /> : <EmptyState icon="pi pi-inbox" title="No jobs have run yet" />}
              selectionMode="single"
              onRowClick={(e) => set('type', (e.data as QueueRow).type)}
              rowClassName={() => 'clickable-row'}
              pt={{ table: { 'aria-label': 'Queues' } }}
            >
              <Column header="Job kind" body={(q: QueueRow) => <code>{q.type}</code>} />
              <Column header="Pending" body={(q: QueueRow) => <Count value={q.pending} tone="orange" />} align="right" />
              <Column header="Running" body={(q: QueueRow) => <Count value={q.processing} tone="blue" />} align="right" />
              <Column header="Succeeded" body={(q: QueueRow) => <Count value={q.succeeded} tone="green" />} align="right" />
              <Column header="Failed" body={(q: QueueRow) => <Count value={q.failed} tone="red" />} align="right" />
            </DataTable>
          )}
        </Panel>
        <Panel title="Workers" flush>
          {workers.isError ? (
            <ErrorState error={workers.error} onRetry={() => void workers.refetch()} />
          ) : (
            <DataTable
              value={workers.data ?? []}
              dataKey="id"
              loading={workers.isPending}
              size="small"
              className="data-table"
              emptyMessage={workers.isPending ? <RowsSkeleton rows={2} label="Loading the workers" /> : <EmptyState icon="pi pi-server" title="No worker has reported in" />}
              pt={{ table: { 'aria-label': 'Workers' } }}
            >
              <Column
                header="Worker"
                body={(w: WorkerRow) => {
                  const fresh = now - new Date(w.lastSeenAt).getTime() < WORKER_STALE_MS;
                  return (
                    <span className="worker-id">
                      <span className={`dot ${fresh ? 'dot-green' : 'dot-grey'}`} title={fresh ? 'Online' : 'Not seen lately'} />
                      <code>{w.id}</code>
                    </span>
                  );
                }}
              />
              <Column header="Queues" body={(w: WorkerRow) => <div className="chips">{w.queues.length ? w.queues.map((q) => <span key={q} className="chip">{q}</span>) : <span className="muted">all</span>}</div>} />
              <Column
                header="Last heartbeat"
                body={(w: WorkerRow) => <span title={formatDateTime(w.lastSeenAt, timezone)}>{formatAge(w.lastSeenAt, now)}</span>}
                style={{ width: '9rem' }}
              />
            </DataTable>
          )}
        </Panel>
      </div>

      <Panel title="Fulfilment drift" flush>
        {drifts.isError ? (
          <ErrorState error={drifts.error} onRetry={() => void drifts.refetch()} />
        ) : (
          <DataTable
            value={drifts.data ?? []}
            dataKey="id"
            loading={drifts.isPending}
            size="small"
            className="data-table"
            data-testid="drifts-table"
            emptyMessage={drifts.isPending ? <RowsSkeleton rows={2} label="Loading the reconciliation" /> : <EmptyState icon="pi pi-check" title="Every provider agrees with Sellerdesk" />}
            pt={{ table: { 'aria-label': 'Fulfilment drift' } }}
          >
            <Column header="Finding" body={(d: DriftRow) => DRIFT_LABELS[d.kind]} />
            <Column header="Detail" body={(d: DriftRow) => d.detail} />
            <Column header="Client" body={(d: DriftRow) => <code>{d.clientId}</code>} />
            <Column
              header="Found"
              body={(d: DriftRow) => <span title={formatDateTime(d.foundAt, timezone)}>{formatAge(d.foundAt, now)}</span>}
              style={{ width: '9rem' }}
            />
          </DataTable>
        )}
      </Panel>

      <Panel title="Jobs" flush>
        <div className="filters" role="search" aria-label="Filter jobs">
          <Dropdown
            value={filters.type || null}
            options={kinds}
            onChange={(e) => set('type', (e.value as string | null) ?? '')}
            placeholder="All kinds"
            showClear
            editable
            ariaLabel="Job kind"
            className="filter-kind"
          />
          <Dropdown
            value={filters.status || null}
            options={STATUSES.map((s) => ({ label: s.charAt(0) + s.slice(1).toLowerCase(), value: s }))}
            onChange={(e) => set('status', (e.value as JobStatus | null) ?? '')}
            placeholder="All statuses"
            showClear
            ariaLabel="Status"
            className="filter-status"
          />
          <span className="p-input-icon-left">
            <InputText value={filters.clientId} onChange={(e) => set('clientId', e.target.value)} placeholder="Client id" aria-label="Client id" />
          </span>
          <InputText value={filters.batchId} onChange={(e) => set('batchId', e.target.value)} placeholder="Batch id" aria-label="Batch id" />
          {filtered ? <Button label="Clear" icon="pi pi-filter-slash" text severity="secondary" onClick={() => setFilters(NO_FILTERS)} /> : null}
        </div>
        {debounced.batchId.trim() ? <BatchProgress batchId={debounced.batchId.trim()} live={live} /> : null}
        {events.isError ? (
          <ErrorState error={events.error} onRetry={() => void events.refetch()} />
        ) : (
          <DataTable
            value={events.data?.items ?? []}
            dataKey="id"
            lazy
            paginator
            first={(page - 1) * pageSize}
            rows={pageSize}
            totalRecords={events.data?.pageInfo.totalCount ?? 0}
            rowsPerPageOptions={PAGE_SIZES}
            onPage={onPage}
            loading={events.isPending}
            expandedRows={expanded}
            onRowToggle={(e) => setExpanded(e.data)}
            rowExpansionTemplate={(row: EventRow) => <EventDetails row={row} />}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport PrevPageLink PageLinks NextPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            emptyMessage={events.isPending ? <RowsSkeleton label="Loading the jobs" /> : <EmptyState icon="pi pi-history" title={filtered ? 'No job matches these filters' : 'No jobs yet'} />}
            className="data-table"
            data-testid="jobs-table"
            pt={{ table: { 'aria-label': 'Jobs' } }}
          >
            <Column expander style={{ width: '3rem' }} />
            <Column header="Status" body={(r: EventRow) => <JobStatusTag status={r.status} />} style={{ width: '8rem' }} />
            <Column header="Kind" body={(r: EventRow) => <code>{r.type}</code>} />
            <Column
              header="Error"
              body={(r: EventRow) => (r.error ? <span className="truncate error-text" title={r.error}>{r.error}</span> : <span className="muted">—</span>)}
              style={{ maxWidth: '22rem' }}
            />
            <Column header="Attempts" body={(r: EventRow) => r.attempts} align="right" style={{ width: '6rem' }} />
            <Column header="Queued" body={(r: EventRow) => formatDateTime(r.createdAt, timezone)} style={{ width: '12rem' }} />
            <Column header="Updated" body={(r: EventRow) => formatDateTime(r.updatedAt, timezone)} style={{ width: '12rem' }} />
            <Column
              header=""
              align="right"
              style={{ width: '7rem' }}
              body={(r: EventRow) =>
                r.status === 'FAILED' ? (
                  <Button
                    label="Retry"
                    icon="pi pi-replay"
                    size="small"
                    outlined
                    loading={retry.isPending && retry.variables === r.id}
                    onClick={() => onRetry(r)}
                    aria-label={`Retry job ${r.id}`}
                  />
                ) : null
              }
            />
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
