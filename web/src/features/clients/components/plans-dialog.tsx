import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PlanTag, planTypeLabels } from '@/components/ui/plan-tag';
import { TableSkeleton } from '@/components/ui/skeletons';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useConsolePlans, useUpdateSubscriptionPlan, type ConsolePlan } from '../api/clients';

const allowance = (n: number | null | undefined) => (n === null || n === undefined ? 'Unlimited' : n.toLocaleString('en-US'));

interface Draft {
  description: string;
  features: string;
  salePrice: number | null;
  basePrice: number | null;
  durationDays: number | null;
  maxShops: number | null;
  monthlyListings: number | null;
  monthlyFulfillments: number | null;
  promotions: boolean;
}

const draftOf = (p: ConsolePlan): Draft => ({
  description: p.description,
  features: p.features.join('\n'),
  salePrice: p.salePrice,
  basePrice: p.basePrice,
  durationDays: p.durationDays,
  maxShops: p.maxShops,
  monthlyListings: p.monthlyListings ?? null,
  monthlyFulfillments: p.monthlyFulfillments ?? null,
  promotions: p.promotions,
});

/** One plan's terms; an allowance left empty is unlimited. They apply to purchases and renewals from now on. */
function PlanForm({ plan, onDone }: { plan: ConsolePlan; onDone: () => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(plan));
  const mutation = useUpdateSubscriptionPlan();
  const field = mutation.error instanceof ApiError ? mutation.error.field : undefined;
  const errorOn = (name: string) => (field === name ? errorMessage(mutation.error) : null);
  const set = (patch: Partial<Draft>) => setD((cur) => ({ ...cur, ...patch }));

  const save = () =>
    mutation.mutate(
      {
        id: plan.id,
        input: {
          description: d.description.trim(),
          features: d.features
            .split('\n')
            .map((f) => f.trim())
            .filter(Boolean),
          ...(d.salePrice !== null ? { salePrice: d.salePrice } : {}),
          ...(d.basePrice !== null ? { basePrice: d.basePrice } : {}),
          ...(d.durationDays !== null ? { durationDays: d.durationDays } : {}),
          ...(d.maxShops !== null ? { maxShops: d.maxShops } : {}),
          monthlyListings: d.monthlyListings,
          monthlyFulfillments: d.monthlyFulfillments,
          promotions: d.promotions,
        },
      },
      {
        onSuccess: () => {
          notify.success(`The ${planTypeLabels[plan.type]} plan is updated.`);
          onDone();
        },
      },
    );

  const money = (id: string, label: string, key: 'salePrice' | 'basePrice') => (
    <Field id={id} label={label} error={errorOn(key)}>
      <InputNumber inputId={id} value={d[key]} onValueChange={(e) => set({ [key]: e.value ?? null })} mode="currency" currency="USD" locale="en-US" min={0} maxFractionDigits={2} />
    </Field>
  );
  const count = (id: string, label: string, key: 'durationDays' | 'maxShops' | 'monthlyListings' | 'monthlyFulfillments', hint?: string) => (
    <Field id={id} label={label} error={errorOn(key)} hint={hint}>
      <InputNumber inputId={id} value={d[key]} onValueChange={(e) => set({ [key]: e.value ?? null })} min={0} useGrouping={false} />
    </Field>
  );

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      data-testid="plan-form"
    >
      <div className="grid-2">
        {money('plan-sale', 'Sale price', 'salePrice')}
        {money('plan-base', 'List price (shown struck)', 'basePrice')}
        {count('plan-days', 'Period (days)', 'durationDays')}
        {count('plan-shops', 'Shops', 'maxShops')}
        {count('plan-listings', 'Listings a month', 'monthlyListings', 'Empty: unlimited')}
        {count('plan-fulfillments', 'Fulfilment orders a month', 'monthlyFulfillments', 'Empty: unlimited')}
      </div>
      <label className="switch-label">
        <Checkbox inputId="plan-promotions" checked={d.promotions} onChange={(e) => set({ promotions: !!e.checked })} />
        <span>Flash-sale promotions</span>
      </label>
      <Field id="plan-description" label="Description" error={errorOn('description')}>
        <InputText id="plan-description" value={d.description} onChange={(e) => set({ description: e.target.value })} />
      </Field>
      <Field id="plan-features" label="Features shown to sellers" hint="One a line." error={errorOn('features')}>
        <InputTextarea id="plan-features" value={d.features} onChange={(e) => set({ features: e.target.value })} rows={5} autoResize />
      </Field>
      {mutation.error && !field ? <Message severity="error" text={errorMessage(mutation.error)} /> : null}
      <p className="muted small">New terms apply to purchases and renewals from now on; running periods keep what they were bought with.</p>
      <div className="form-actions">
        <Button type="button" label="Cancel" text severity="secondary" onClick={onDone} />
        <Button type="submit" label="Save plan" loading={mutation.isPending} data-testid="plan-save" />
      </div>
    </form>
  );
}

/** The plans sellers choose from, and their terms, edited by the platform (SUPER_ADMIN). */
export function PlansDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const plans = useConsolePlans();
  const [editing, setEditing] = useState<ConsolePlan | null>(null);
  const close = () => {
    setEditing(null);
    onHide();
  };
  return (
    <Dialog header={editing ? `Edit the ${planTypeLabels[editing.type]} plan` : 'Plans'} visible={visible} onHide={close} style={{ width: '60rem' }} breakpoints={{ '960px': '95vw' }}>
      {editing ? (
        <PlanForm key={editing.id} plan={editing} onDone={() => setEditing(null)} />
      ) : plans.isError ? (
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.isPending ? (
        <TableSkeleton columns={[{ header: 'Plan' }, { header: 'Price' }, { header: 'Period' }, { header: 'Shops' }, { header: 'Listings' }, { header: 'Fulfilments' }]} rows={6} label="Loading plans" />
      ) : (
        <DataTable value={plans.data} dataKey="id" className="data-table" data-testid="console-plans" pt={{ table: { 'aria-label': 'Plans' } }}>
          <Column header="Plan" body={(p: ConsolePlan) => <PlanTag type={p.type} />} />
          <Column
            header="Price"
            body={(p: ConsolePlan) => (
              <>
                {formatMoney(p.salePrice)}
                {p.basePrice > p.salePrice ? <span className="price-was">{formatMoney(p.basePrice)}</span> : null}
              </>
            )}
          />
          <Column header="Period" body={(p: ConsolePlan) => (p.salePrice > 0 ? `${p.durationDays} days` : 'No end')} />
          <Column header="Shops" field="maxShops" />
          <Column header="Listings / month" body={(p: ConsolePlan) => allowance(p.monthlyListings)} />
          <Column header="Fulfilments / month" body={(p: ConsolePlan) => allowance(p.monthlyFulfillments)} />
          <Column header="Promotions" body={(p: ConsolePlan) => (p.promotions ? 'Yes' : 'No')} />
          <Column
            body={(p: ConsolePlan) => (
              <Button icon="pi pi-pencil" text rounded aria-label={`Edit the ${planTypeLabels[p.type]} plan`} onClick={() => setEditing(p)} />
            )}
            style={{ width: '4rem' }}
          />
        </DataTable>
      )}
    </Dialog>
  );
}
