import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { Thumb } from '@/components/ui/thumb';
import { pathTo, paths } from '@/config/paths';
import { useClientSort } from '@/lib/client-sort';
import { confirmAction } from '@/lib/confirm';
import { notify } from '@/lib/notify';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useDesigns, useRemoveDesign, type DesignRow } from '../api/designs';
import { AddDesignDialog } from './add-design-dialog';

const SIDES = [
  ['designFrontUrl', 'Front'],
  ['designBackUrl', 'Back'],
  ['designSleeveUrl', 'Sleeve'],
  ['designHoodUrl', 'Hood'],
] as const;

const titleOf = (d: DesignRow) => d.product?.name ?? d.sellerProductId ?? d.externalProductId ?? 'Design';

/** Print files kept per product and variant, for fulfilment. */
export function DesignsScreen() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('designs.pageSize', debounced);
  const [adding, setAdding] = useState(false);
  const designs = useDesigns({ limit: paging.pageSize, page: paging.page, ...(debounced ? { search: debounced } : {}) });
  const sort = useClientSort(designs.data?.items.map((d) => ({ ...d, title: titleOf(d) })));
  const remove = useRemoveDesign();

  const onRemove = async (d: DesignRow) => {
    const ok = await confirmAction({
      header: 'Remove design',
      message: `Remove the design of ${titleOf(d)}${d.variant ? ` (${d.variant})` : ''}? Fulfilment orders made later will not find its print files.`,
      acceptLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(d.id, {
      onSuccess: () => {
        notify.success('The design was removed.');
        paging.afterRemoval(1, designs.data?.items.length ?? 0);
      },
    });
  };

  return (
    <div className="screen">
      <PageHeader
        title="Product designs"
        description="Front, back, sleeve and hood artwork per product and variant, ready for your print providers."
        actions={<Button label="Add design" icon="pi pi-plus" onClick={() => setAdding(true)} data-testid="add-design" />}
      />
      <Panel flush>
        <div className="filters" role="search" aria-label="Filter designs">
          <SearchBox value={search} onChange={setSearch} placeholder="Search designs" label="Search designs" testId="designs-search" />
        </div>
        {designs.isError ? (
          <ErrorState error={designs.error} onRetry={() => void designs.refetch()} />
        ) : (
          <DataTable
            value={sort.sorted}
            dataKey="id"
            {...pagedTableProps}
            first={paging.first}
            rows={paging.pageSize}
            totalRecords={designs.data?.pageInfo.totalCount ?? 0}
            onPage={paging.onPage}
            sortField={sort.sortField}
            sortOrder={sort.sortOrder}
            onSort={sort.onSort}
            removableSort
            loading={designs.isPending || (designs.isFetching && designs.isPlaceholderData)}
            emptyMessage={designs.isPending ? <RowsSkeleton label="Loading the designs" /> : <EmptyState icon="pi pi-palette" title={debounced ? 'No design matches' : 'No design yet'} />}
            className="data-table"
            data-testid="designs-table"
            pt={{ table: { 'aria-label': 'Designs' } }}
          >
            <Column
              header="Product"
              field="title"
              sortable
              body={(d: DesignRow) => (
                <div className="cell-product">
                  <Thumb src={d.images[0] ?? d.designFrontUrl} />
                  <div className="cell-title">
                    {d.product ? (
                      <Link to={pathTo(paths.products.edit, { productId: d.product.id })} className="cell-title-main">
                        {d.product.name}
                      </Link>
                    ) : (
                      <span className="cell-title-main">{titleOf(d)}</span>
                    )}
                    <span className="muted small">
                      {[d.sellerProductId && `Seller id ${d.sellerProductId}`, d.externalProductId && `Marketplace id ${d.externalProductId}`].filter(Boolean).join(' · ') || '—'}
                    </span>
                  </div>
                </div>
              )}
            />
            <Column header="Variant" field="variant" sortable body={(d: DesignRow) => d.variant ?? <span className="muted">All</span>} style={{ width: '10rem' }} />
            <Column
              header="Print files"
              body={(d: DesignRow) => (
                <div className="image-strip">
                  {SIDES.filter(([k]) => d[k]).map(([k, label]) => (
                    <a key={k} href={d[k]!} target="_blank" rel="noreferrer" title={label} className="print-file">
                      <Thumb src={d[k]} size={36} alt={label} />
                      <span className="small muted">{label}</span>
                    </a>
                  ))}
                  {SIDES.every(([k]) => !d[k]) ? <span className="muted">—</span> : null}
                </div>
              )}
            />
            <Column header="Images" field="images" sortable body={(d: DesignRow) => d.images.length} align="right" style={{ width: '6rem' }} />
            <Column
              header=""
              align="right"
              style={{ width: '4rem' }}
              body={(d: DesignRow) => <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remove the design of ${titleOf(d)}`} onClick={() => void onRemove(d)} />}
            />
          </DataTable>
        )}
      </Panel>
      <AddDesignDialog visible={adding} onHide={() => setAdding(false)} />
    </div>
  );
}
