import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { Tag } from 'primereact/tag';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { BulkProgress, type TrackedBatch } from '@/components/ui/bulk-progress';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { SearchBox } from '@/components/ui/search-box';
import { LinesSkeleton, RowsSkeleton } from '@/components/ui/skeletons';
import { Thumb } from '@/components/ui/thumb';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useTimezone } from '@/lib/auth';
import { instantAt, wallTimeOf, type WallTime } from '@/lib/date-range';
import { formatDateTime } from '@/lib/dates';
import { useShopOptions } from '@/lib/lookups';
import { formatPercent } from '@/lib/money';
import { pagedTableProps, usePaging } from '@/lib/paging';
import { useDebounced } from '@/lib/use-debounced';
import { useNow } from '@/lib/use-now';
import { usePickerProducts, type PickerProduct } from '../api/catalog';
import { usePromotionPlans, type PromotionPlan } from '../api/plans';
import { promotionsKeys, useCreateTiktokPromotionSchedule } from '../api/promotions';
import { formatDuration, plural, productLevelLabels } from './labels';
import { CataloguePricePreview, LivePricePreview } from './price-preview';

type ProductMode = 'ALL' | 'CHOSEN';
type FieldName = 'planId' | 'shopIds' | 'productIds' | 'beginTime';
const FIELDS: FieldName[] = ['planId', 'shopIds', 'productIds', 'beginTime'];
const HOUR = 3_600_000;

/** The next full hour at least half an hour away: a begin the marketplace accepts with room to spare. */
export function defaultBegin(now: number, timeZone: string): WallTime {
  const at = Math.ceil((now + HOUR / 2) / HOUR) * HOUR;
  return wallTimeOf(new Date(at), timeZone);
}

function serverFieldOf(error: unknown): FieldName | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const last = error.field.split('.').pop()?.replace(/\[\d+\]$/, '') ?? '';
  return FIELDS.find((f) => f === last) ?? null;
}

const planLabel = (p: PromotionPlan) => `${p.title} — ${formatPercent(p.discount)} off, ${formatDuration(p.duration)}`;

/**
 * /shops/tiktok/promotions/create: a plan, the shops, the products (every live one or a choice),
 * a begin in the seller's timezone and whether it renews; a preview of the flash-sale prices, then
 * one scheduling job per shop whose progress shows here.
 */
export function CreatePromotionScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const plans = usePromotionPlans();
  const shops = useShopOptions('TIKTOK');
  const schedule = useCreateTiktokPromotionSchedule();
  const [planId, setPlanId] = useState<string | null>(null);
  const [shopIds, setShopIds] = useState<string[]>([]);
  const [mode, setMode] = useState<ProductMode>('ALL');
  const [chosen, setChosen] = useState<PickerProduct[]>([]);
  const [begin, setBegin] = useState<WallTime>(() => defaultBegin(Date.now(), timezone));
  const [autoRenew, setAutoRenew] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const [batch, setBatch] = useState<TrackedBatch | null>(null);
  // "In the future" is judged against the clock as of the last tick or the last submit.
  const ticked = useNow(15_000);
  const [submittedAt, setSubmittedAt] = useState(0);
  const now = Math.max(ticked, submittedAt);

  const plan = plans.data?.find((p) => p.id === planId) ?? null;
  const beginAt = instantAt(begin, timezone);
  const endAt = plan && beginAt ? new Date(beginAt.getTime() + plan.duration * HOUR) : null;
  const shopName = (id: string) => shops.data?.find((s) => s.id === id)?.name ?? 'the shop';

  // "Every live product" is previewed one chosen shop at a time, the first unless another is picked.
  const [previewPick, setPreviewPick] = useState<string | null>(null);
  const previewShop = previewPick && shopIds.includes(previewPick) ? previewPick : shopIds[0];

  const invalid: Partial<Record<FieldName, string>> = {};
  if (!planId) invalid.planId = 'Choose the plan to schedule';
  if (shopIds.length === 0) invalid.shopIds = 'Choose at least one shop';
  if (mode === 'CHOSEN' && chosen.length === 0) invalid.productIds = 'Choose at least one product, or take every live product';
  if (!beginAt) invalid.beginTime = 'Enter a date and time';
  else if (beginAt.getTime() <= now + 60_000) invalid.beginTime = 'Pick a time in the future';
  const serverField = serverFieldOf(schedule.error);
  const serverText = schedule.error ? errorMessage(schedule.error) : null;
  const errorFor = (name: FieldName) => (submitted ? invalid[name] : undefined) ?? (serverField === name ? serverText : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const at = Date.now();
    setSubmittedAt(at);
    if (Object.keys(invalid).length > 0 || !planId || !beginAt || !plan || beginAt.getTime() <= at + 60_000) return;
    schedule.mutate(
      { planId, shopIds, productIds: mode === 'CHOSEN' ? chosen.map((p) => p.id) : [], beginTime: beginAt.toISOString(), autoRenew },
      { onSuccess: (r) => setBatch({ id: r.batchId, title: `Scheduling ${plan.title} on ${plural(r.queued, 'shop')}` }) },
    );
  };

  const startAgain = () => {
    setBatch(null);
    setSubmitted(false);
    setChosen([]);
    schedule.reset();
    setBegin(defaultBegin(Date.now(), timezone));
  };

  if (batch) {
    return (
      <div className="screen">
        <PageHeader title="New promotion" description="The flash sales are being created on each shop; each one's products are added as it goes." />
        <Panel title="Progress">
          <div className="stack">
            <BulkProgress id={batch.id} title={batch.title} onFinished={() => void queryClient.invalidateQueries({ queryKey: promotionsKeys.all })} />
            <div className="row-gap">
              <Button label="See promotions" icon="pi pi-bolt" onClick={() => navigate(paths.shops.promotions)} data-testid="see-promotions" />
              <Button label="Schedule another" icon="pi pi-plus" outlined onClick={startAgain} />
            </div>
          </div>
        </Panel>
      </div>
    );
  }

  const noPlans = plans.data?.length === 0;
  return (
    <div className="screen">
      <PageHeader title="New promotion" description="Schedule a flash sale from a plan on one or more TikTok shops." />
      <form onSubmit={onSubmit} className="stack-lg" noValidate aria-label="New promotion">
        <Panel title="Plan and shops">
          <div className="stack">
            {plans.isError ? (
              <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
            ) : plans.isPending ? (
              <LinesSkeleton lines={2} label="Loading plans" />
            ) : noPlans ? (
              <EmptyState icon="pi pi-sliders-h" title="No promotion plan yet" action={<Link to={paths.promotionSettings}>Create one in Promotion settings</Link>}>
                A plan says how long each flash sale runs and how much it takes off.
              </EmptyState>
            ) : (
              <Field
                id="promotion-plan"
                label="Plan"
                error={errorFor('planId')}
                hint={plan ? `${productLevelLabels[plan.productLevel]}, ${formatPercent(plan.discount)} off, each sale runs ${formatDuration(plan.duration)}` : undefined}
              >
                <Dropdown
                  inputId="promotion-plan"
                  value={planId}
                  options={(plans.data ?? []).map((p) => ({ label: planLabel(p), value: p.id }))}
                  onChange={(e) => setPlanId(e.value as string)}
                  placeholder="Choose a plan"
                  data-testid="promotion-plan"
                />
              </Field>
            )}
            <Field id="promotion-shops" label="TikTok shops" error={errorFor('shopIds')} hint="One flash sale is created on each shop.">
              <MultiSelect
                inputId="promotion-shops"
                value={shopIds}
                options={(shops.data ?? []).map((s) => ({ label: s.name, value: s.id, disabled: s.connection !== 'CONNECTED' }))}
                onChange={(e) => setShopIds(e.value as string[])}
                placeholder={shops.isPending ? 'Loading…' : 'Choose shops'}
                display="chip"
                filter
                className="w-full"
                data-testid="promotion-shops"
              />
            </Field>
          </div>
        </Panel>

        <Panel title="Products">
          <div className="stack">
            <fieldset className="radio-group">
              <legend>Which products</legend>
              <label className="radio-option" htmlFor="products-all">
                <RadioButton inputId="products-all" name="product-mode" value="ALL" checked={mode === 'ALL'} onChange={() => setMode('ALL')} />
                <span>
                  <strong>Every live product</strong>
                  <span className="muted small"> — all the products live on each shop when the sale is created</span>
                </span>
              </label>
              <label className="radio-option" htmlFor="products-chosen">
                <RadioButton inputId="products-chosen" name="product-mode" value="CHOSEN" checked={mode === 'CHOSEN'} onChange={() => setMode('CHOSEN')} />
                <span>
                  <strong>Chosen products</strong>
                  <span className="muted small"> — only these; a shop they are not live on leaves them out with the reason</span>
                </span>
              </label>
            </fieldset>
            {mode === 'CHOSEN' ? <ProductPicker shopIds={shopIds} chosen={chosen} onChange={setChosen} /> : null}
            {errorFor('productIds') ? (
              <small className="field-error" role="alert">
                {errorFor('productIds')}
              </small>
            ) : null}
          </div>
        </Panel>

        <Panel title="When">
          <div className="stack">
            <div className="field-row">
              <Field id="promotion-begin" label={`Begins (${timezone})`} error={errorFor('beginTime')} hint={endAt ? `Ends ${formatDateTime(endAt.toISOString(), timezone)}` : 'Your timezone, from your settings'}>
                <InputText id="promotion-begin" type="datetime-local" value={begin} onChange={(e) => setBegin(e.target.value)} data-testid="promotion-begin" />
              </Field>
            </div>
            <label className="radio-option" htmlFor="promotion-auto-renew">
              <Checkbox inputId="promotion-auto-renew" checked={autoRenew} onChange={(e) => setAutoRenew(!!e.checked)} data-testid="promotion-auto-renew" />
              <span>
                <strong>Renew automatically</strong>
                <span className="muted small"> — when a sale ends the next one starts at once, with the products that still qualify</span>
              </span>
            </label>
          </div>
        </Panel>

        <Panel title="Price preview">
          {!plan ? (
            <p className="muted">Choose a plan to see the flash-sale prices.</p>
          ) : mode === 'CHOSEN' ? (
            chosen.length === 0 ? (
              <p className="muted">Choose products to see their flash-sale prices.</p>
            ) : (
              <CataloguePricePreview plan={plan} products={chosen} />
            )
          ) : !previewShop ? (
            <p className="muted">Choose a shop to see the flash-sale prices of its live products.</p>
          ) : (
            <div className="stack-sm">
              {shopIds.length > 1 ? (
                <Dropdown
                  value={previewShop}
                  options={shopIds.map((id) => ({ label: shopName(id), value: id }))}
                  onChange={(e) => setPreviewPick(e.value as string)}
                  ariaLabel="Shop to preview"
                  className="filter-status"
                  data-testid="preview-shop"
                />
              ) : null}
              <LivePricePreview plan={plan} shopId={previewShop} shopName={shopName(previewShop)} />
            </div>
          )}
        </Panel>

        {schedule.error && !serverField ? <Message severity="error" text={serverText ?? ''} data-testid="schedule-error" /> : null}
        <div className="form-actions">
          <Button type="button" label="Cancel" severity="secondary" text onClick={() => navigate(paths.shops.promotions)} />
          <Button type="submit" label="Schedule promotion" icon="pi pi-bolt" loading={schedule.isPending} disabled={noPlans || plans.isError} data-testid="schedule-submit" />
        </div>
      </form>
    </div>
  );
}

/** The catalogue, searchable and paged, to choose products from; the choice holds across pages. */
function ProductPicker({ shopIds, chosen, onChange }: { shopIds: string[]; chosen: PickerProduct[]; onChange: (products: PickerProduct[]) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const paging = usePaging('promotions.products.pageSize', debounced, 10);
  const products = usePickerProducts({ search: debounced, filter: { limit: paging.pageSize, page: paging.page } });

  const liveCell = (p: PickerProduct) => {
    const live = p.publishedShops.filter((s) => shopIds.includes(s.id) && s.liveStatus === 'LIVE');
    if (shopIds.length === 0) return <span className="muted small">Choose shops first</span>;
    if (live.length === 0) return <span className="muted small">Not live on the chosen shops</span>;
    return (
      <div className="chips">
        {live.map((s) => (
          <Tag key={s.id} value={s.name} severity="success" rounded />
        ))}
      </div>
    );
  };

  return (
    <div className="stack-sm">
      <div className="filters" role="search" aria-label="Find products">
        <SearchBox value={search} onChange={setSearch} placeholder="Search products" label="Search products" testId="picker-search" />
        <span className="filters-spacer" />
        <span className="muted small" data-testid="picker-count">
          {plural(chosen.length, 'product')} chosen
        </span>
      </div>
      <DataTable
        value={products.data?.items ?? []}
        dataKey="id"
        {...pagedTableProps}
        first={paging.first}
        rows={paging.pageSize}
        totalRecords={products.data?.pageInfo.totalCount ?? 0}
        onPage={paging.onPage}
        selectionMode="checkbox"
        selection={chosen}
        onSelectionChange={(e) => onChange(e.value as PickerProduct[])}
        loading={products.isPending || (products.isFetching && products.isPlaceholderData)}
        emptyMessage={products.isPending ? <RowsSkeleton label="Loading the products" /> : <EmptyState icon="pi pi-box" title={debounced ? 'No product matches' : 'No product yet'} />}
        className="data-table"
        data-testid="product-picker"
        pt={{ table: { 'aria-label': 'Products to choose' } }}
      >
        <Column selectionMode="multiple" style={{ width: '3rem' }} />
        <Column
          header="Product"
          body={(p: PickerProduct) => (
            <div className="cell-product">
              <Thumb src={p.images.find((i) => i.isPrimary)?.imageUrl ?? p.images[0]?.imageUrl} alt={p.name} />
              <span className="cell-title-main">{p.name}</span>
            </div>
          )}
        />
        <Column header="Live on" body={liveCell} />
      </DataTable>
    </div>
  );
}
