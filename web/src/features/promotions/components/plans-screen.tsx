import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { TableSkeleton } from '@/components/ui/skeletons';
import { paths } from '@/config/paths';
import { canAccess, useCurrentUser } from '@/lib/auth';
import { useClientSort } from '@/lib/client-sort';
import { confirmAction } from '@/lib/confirm';
import { formatPercent } from '@/lib/money';
import { notify } from '@/lib/notify';
import { PAGE_SIZES } from '@/lib/paging';
import { usePreference } from '@/lib/preferences';
import { usePromotionPlans, useRemovePromotionPlan, type PromotionPlan } from '../api/plans';
import { formatDuration, productLevelLabels, promotionTypeLabels } from './labels';
import { PlanFormDialog, type PlanEditing } from './plan-form-dialog';

const SKELETON_COLUMNS = [{ header: 'Plan' }, { header: 'Type' }, { header: 'Duration' }, { header: 'Product level' }, { header: 'Discount' }, { header: '', width: '6rem' }];

/** /promotions/settings: the plans flash sales are scheduled from; admins change them, staff read them. */
export function PlansScreen() {
  const me = useCurrentUser();
  const canEdit = !!me.data && canAccess(me.data, 'admin');
  const plans = usePromotionPlans();
  const remove = useRemovePromotionPlan();
  const sort = useClientSort(plans.data);
  const [pageSize, setPageSize] = usePreference('promotionPlans.pageSize', 20);
  const [first, setFirst] = useState(0);
  const [editing, setEditing] = useState<PlanEditing | null>(null);
  const open = (plan: PromotionPlan | null) => setEditing((e) => ({ plan, opening: (e?.opening ?? 0) + 1 }));

  const onRemove = async (plan: PromotionPlan) => {
    const ok = await confirmAction({
      header: 'Delete plan',
      message: `Delete the plan ${plan.title}? Promotions already scheduled from it keep running; a plan an auto-renewing promotion uses cannot be deleted.`,
      acceptLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(plan.id, { onSuccess: () => notify.success(`${plan.title} was deleted.`) });
  };

  const newPlan = (testId?: string) => (canEdit ? <Button label="New plan" icon="pi pi-plus" onClick={() => open(null)} data-testid={testId} /> : undefined);
  return (
    <div className="screen">
      <PageHeader
        title="Promotion settings"
        description={
          <>
            Plans say how long each flash sale runs, at which level and how much off. Schedule them on your shops from <Link to={paths.shops.promotionsCreate}>New promotion</Link>.
            {canEdit ? null : ' Your admins change them.'}
          </>
        }
        actions={newPlan('new-plan')}
      />
      <Panel flush>
        {plans.isError ? (
          <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.isPending ? (
          <TableSkeleton columns={SKELETON_COLUMNS} rows={4} label="Loading plans" testId="plans-loading" />
        ) : (
          <DataTable
            value={sort.sorted}
            dataKey="id"
            paginator={plans.data.length > PAGE_SIZES[0]!}
            rows={pageSize}
            first={first}
            onPage={(e) => {
              setFirst(e.rows === pageSize ? e.first : 0);
              setPageSize(e.rows);
            }}
            rowsPerPageOptions={PAGE_SIZES}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport PrevPageLink PageLinks NextPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            sortField={sort.sortField}
            sortOrder={sort.sortOrder}
            onSort={sort.onSort}
            removableSort
            emptyMessage={
              <EmptyState icon="pi pi-sliders-h" title="No promotion plan yet" action={newPlan()}>
                A plan is what a flash sale repeats: its length, its discount and whether it prices each variant.
              </EmptyState>
            }
            className="data-table"
            data-testid="plans-table"
            pt={{ table: { 'aria-label': 'Promotion plans' } }}
          >
            <Column header="Plan" field="title" sortable body={(p: PromotionPlan) => <span className="cell-title-main">{p.title}</span>} />
            <Column header="Type" field="type" sortable body={(p: PromotionPlan) => <Tag value={promotionTypeLabels[p.type]} severity="info" rounded />} style={{ width: '9rem' }} />
            <Column header="Duration" field="duration" sortable body={(p: PromotionPlan) => formatDuration(p.duration)} style={{ width: '13rem' }} />
            <Column header="Product level" field="productLevel" sortable body={(p: PromotionPlan) => productLevelLabels[p.productLevel]} style={{ width: '10rem' }} />
            <Column header="Discount" field="discount" sortable align="right" body={(p: PromotionPlan) => `${formatPercent(p.discount)} off`} style={{ width: '8rem' }} />
            <Column
              header=""
              align="right"
              hidden={!canEdit}
              style={{ width: '6rem' }}
              body={(p: PromotionPlan) => (
                <div className="row-actions">
                  <Button icon="pi pi-pencil" rounded text severity="secondary" aria-label={`Edit ${p.title}`} onClick={() => open(p)} />
                  <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Delete ${p.title}`} onClick={() => void onRemove(p)} />
                </div>
              )}
            />
          </DataTable>
        )}
      </Panel>
      <PlanFormDialog editing={editing} onHide={() => setEditing(null)} />
    </div>
  );
}
