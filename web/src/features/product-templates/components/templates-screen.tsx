import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths } from '@/config/paths';
import type { ProductType, TemplateStatus } from '@/gql/graphql';
import { useTimezone } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { confirmAction } from '@/lib/confirm';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { useDebounced } from '@/lib/use-debounced';
import { useRemoveTemplate, useTemplates, type TemplateRow } from '../api/templates';

const variantCount = (t: TemplateRow) => (Array.isArray(t.variants) ? t.variants.length : 0);

/** Reusable product definitions: fields, variants, marketplace data and a price formula. */
export function TemplatesScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const [type, setType] = usePreference<ProductType | ''>('templates.type', '');
  const [status, setStatus] = usePreference<TemplateStatus | ''>('templates.status', '');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('templates.pageSize', [type, status, debounced]);
  const templates = useTemplates({
    limit: paging.pageSize,
    page: paging.page,
    ...(debounced ? { search: debounced } : {}),
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
  });
  const rows = templates.data?.items;
  const sort = useClientSort(rows?.map((t) => ({ ...t, variantCount: variantCount(t) })));
  const remove = useRemoveTemplate();
  const filtered = !!debounced || !!type || !!status;

  const onRemove = async (t: TemplateRow) => {
    const ok = await confirmAction({
      header: 'Delete template',
      message: `Delete the template ${t.name}? Products already made from it keep their data.`,
      acceptLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(t.id, {
      onSuccess: () => {
        notify.success(`${t.name} was deleted.`);
        paging.afterRemoval(1, rows?.length ?? 0);
      },
    });
  };

  const create = () => navigate(paths.productTemplates.create);

  return (
    <div className="screen">
      <PageHeader
        title="Product templates"
        description="Define fields, variants, marketplace data and a price formula once; build products from them."
        actions={<Button label="New template" icon="pi pi-plus" onClick={create} data-testid="new-template" />}
      />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter templates">
          <SearchBox value={search} onChange={setSearch} placeholder="Search templates" label="Search templates" testId="templates-search" />
          <Dropdown
            value={type || null}
            options={[
              { label: 'Print on demand', value: 'POD' },
              { label: 'Dropship', value: 'DROPSHIP' },
            ]}
            onChange={(e) => setType((e.value as ProductType | null) ?? '')}
            placeholder="All types"
            showClear
            ariaLabel="Type"
            className="filter-status"
            data-testid="templates-type"
          />
          <Dropdown
            value={status || null}
            options={[
              { label: 'Active', value: 'ACTIVE' },
              { label: 'Draft', value: 'DRAFT' },
            ]}
            onChange={(e) => setStatus((e.value as TemplateStatus | null) ?? '')}
            placeholder="All statuses"
            showClear
            ariaLabel="Status"
            className="filter-status"
            data-testid="templates-status"
          />
        </div>
        {templates.isError ? (
          <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
        ) : (
          <DataTable
            value={sort.sorted}
            dataKey="id"
            {...pagedTableProps}
            first={paging.first}
            rows={paging.pageSize}
            totalRecords={templates.data?.pageInfo.totalCount ?? 0}
            onPage={paging.onPage}
            sortField={sort.sortField}
            sortOrder={sort.sortOrder}
            onSort={sort.onSort}
            removableSort
            loading={templates.isPending || (templates.isFetching && templates.isPlaceholderData)}
            emptyMessage={
              templates.isPending ? (
                <RowsSkeleton label="Loading the templates" />
              ) : (
              <EmptyState
                icon="pi pi-clone"
                title={filtered ? 'No template matches' : 'No template yet'}
                action={filtered ? undefined : <Button label="New template" icon="pi pi-plus" onClick={create} />}
              />
              )
            }
            className="data-table"
            data-testid="templates-table"
            pt={{ table: { 'aria-label': 'Templates' } }}
          >
            <Column
              header="Template"
              field="name"
              sortable
              body={(t: TemplateRow) => (
                <div className="cell-product">
                  <Thumb src={t.images[0]} />
                  <div className="cell-title">
                    <Link to={pathTo(paths.productTemplates.edit, { templateId: t.id })} className="cell-title-main">
                      {t.name}
                    </Link>
                    <span className="muted small truncate">{t.title}</span>
                  </div>
                </div>
              )}
            />
            <Column header="Type" field="type" sortable body={(t: TemplateRow) => (t.type === 'POD' ? 'Print on demand' : 'Dropship')} style={{ width: '10rem' }} />
            <Column header="Status" field="status" sortable body={(t: TemplateRow) => <Tag value={t.status === 'ACTIVE' ? 'Active' : 'Draft'} severity={t.status === 'ACTIVE' ? 'success' : 'secondary'} rounded />} style={{ width: '7rem' }} />
            <Column header="Variants" field="variantCount" sortable align="right" style={{ width: '7rem' }} />
            <Column header="Price formula" field="priceFormula" sortable body={(t: TemplateRow) => (t.priceFormula ? <code>{t.priceFormula}</code> : <span className="muted">Keeps prices</span>)} />
            <Column header="Created" field="createdAt" sortable body={(t: TemplateRow) => formatDate(t.createdAt, timezone)} style={{ width: '9rem' }} />
            <Column
              header=""
              align="right"
              style={{ width: '6rem' }}
              body={(t: TemplateRow) => (
                <div className="row-actions">
                  <Button icon="pi pi-pencil" rounded text severity="secondary" aria-label={`Edit ${t.name}`} onClick={() => navigate(pathTo(paths.productTemplates.edit, { templateId: t.id }))} />
                  <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Delete ${t.name}`} onClick={() => void onRemove(t)} />
                </div>
              )}
            />
          </DataTable>
        )}
      </Panel>
    </div>
  );
}
