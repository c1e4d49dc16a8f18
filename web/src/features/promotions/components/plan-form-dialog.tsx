import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import type { ItemKind, PromotionPlanInput } from '@/gql/graphql';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreatePromotionPlan, useUpdatePromotionPlan, type PromotionPlan } from '../api/plans';
import { formatDuration, productLevelHints, productLevelLabels } from './labels';

/** TikTok's limits on one activity (reference §13): a title of 50 characters, under 365 days. */
export const TITLE_MAX = 50;
export const DURATION_MAX_HOURS = 365 * 24 - 1;
export const DISCOUNT_MIN = 1;
export const DISCOUNT_MAX = 99;

interface Draft {
  title: string;
  duration: number | null;
  productLevel: ItemKind;
  discount: number | null;
}

const EMPTY: Draft = { title: '', duration: 24, productLevel: 'PRODUCT', discount: null };
const LEVELS: ItemKind[] = ['PRODUCT', 'VARIATION'];
type FieldName = 'title' | 'duration' | 'productLevel' | 'discount';

function draftOf(plan: PromotionPlan | null): Draft {
  return plan ? { title: plan.title, duration: plan.duration, productLevel: plan.productLevel, discount: plan.discount } : EMPTY;
}

export function validatePlan(d: Draft): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const title = d.title.trim();
  if (!title) errors.title = 'Give the plan a title';
  else if (title.length > TITLE_MAX) errors.title = `At most ${TITLE_MAX} characters`;
  if (d.duration === null || !Number.isInteger(d.duration) || d.duration < 1 || d.duration > DURATION_MAX_HOURS)
    errors.duration = `A whole number of hours from 1 to ${DURATION_MAX_HOURS}`;
  if (d.discount === null || !Number.isFinite(d.discount) || d.discount < DISCOUNT_MIN || d.discount > DISCOUNT_MAX)
    errors.discount = `A discount from ${DISCOUNT_MIN} to ${DISCOUNT_MAX} %`;
  return errors;
}

/** The input field the server named (`input.discount`, `discount`), when it is one of the form's. */
function serverFieldOf(error: unknown): FieldName | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const last = error.field.split('.').pop() ?? '';
  return (['title', 'duration', 'productLevel', 'discount'] as const).find((f) => f === last) ?? null;
}

/** What the dialog is open for: a plan to edit, or null to create one; `opening` counts openings. */
export interface PlanEditing {
  plan: PromotionPlan | null;
  opening: number;
}

export interface PlanFormDialogProps {
  editing: PlanEditing | null;
  onHide: () => void;
}

/** Creates or edits a promotion plan: how long each flash sale runs, at which level, how much off. */
export function PlanFormDialog({ editing, onHide }: PlanFormDialogProps) {
  const plan = editing?.plan ?? null;
  const header = plan ? `Edit ${plan.title}` : 'New promotion plan';
  return (
    <Dialog header={header} visible={!!editing} onHide={onHide} style={{ width: '34rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      {/* Each opening starts from the plan as it is, with no error of an earlier attempt. */}
      {editing ? <PlanForm key={editing.opening} plan={plan} header={header} onDone={onHide} /> : null}
    </Dialog>
  );
}

function PlanForm({ plan, header, onDone }: { plan: PromotionPlan | null; header: string; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [submitted, setSubmitted] = useState(false);
  const create = useCreatePromotionPlan();
  const update = useUpdatePromotionPlan();
  const mutation = plan ? update : create;
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));

  const invalid = validatePlan(draft);
  const serverField = serverFieldOf(mutation.error);
  const serverText = mutation.error ? errorMessage(mutation.error) : null;
  const errorFor = (name: FieldName) => (submitted ? invalid[name] : undefined) ?? (serverField === name ? serverText : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(invalid).length > 0 || draft.duration === null || draft.discount === null) return;
    const input: PromotionPlanInput = { title: draft.title.trim(), type: 'FLASHSALE', duration: draft.duration, productLevel: draft.productLevel, discount: draft.discount };
    const done = () => {
      notify.success(plan ? `${input.title} was saved.` : `${input.title} was created.`);
      onDone();
    };
    if (plan) update.mutate({ id: plan.id, input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };

  return (
    <form onSubmit={onSubmit} className="stack" noValidate aria-label={header} data-testid="plan-form">
      <Field id="plan-title" label="Title" error={errorFor('title')} hint="Flash sales made from this plan are named after it.">
        <InputText id="plan-title" value={draft.title} onChange={(e) => set('title', e.target.value)} autoFocus data-testid="plan-title" />
      </Field>
      <Field id="plan-type" label="Type">
        <InputText id="plan-type" value="Flash sale" disabled />
      </Field>
      <div className="field-row">
        <Field id="plan-duration" label="Duration (hours)" error={errorFor('duration')} hint={draft.duration && draft.duration > 0 ? formatDuration(draft.duration) : 'How long each flash sale runs'}>
          <InputNumber
            inputId="plan-duration"
            value={draft.duration}
            onValueChange={(e) => set('duration', e.value ?? null)}
            useGrouping={false}
            maxFractionDigits={0}
            data-testid="plan-duration"
          />
        </Field>
        <Field id="plan-discount" label="Discount (%)" error={errorFor('discount')} hint="Off each price, 1 to 99 %">
          <InputNumber
            inputId="plan-discount"
            value={draft.discount}
            onValueChange={(e) => set('discount', e.value ?? null)}
            useGrouping={false}
            maxFractionDigits={2}
            suffix=" %"
            data-testid="plan-discount"
          />
        </Field>
      </div>
      <fieldset className="radio-group">
        <legend>Product level</legend>
        {LEVELS.map((level) => (
          <label key={level} className="radio-option" htmlFor={`plan-level-${level}`}>
            <RadioButton inputId={`plan-level-${level}`} name="plan-level" value={level} checked={draft.productLevel === level} onChange={() => set('productLevel', level)} />
            <span>
              <strong>{productLevelLabels[level]}</strong>
              <span className="muted small"> — {productLevelHints[level]}</span>
            </span>
          </label>
        ))}
        {serverField === 'productLevel' ? <small className="field-error" role="alert">{serverText}</small> : null}
      </fieldset>
      {mutation.error && !serverField ? <Message severity="error" text={serverText ?? ''} data-testid="plan-form-error" /> : null}
      <div className="dialog-actions">
        <Button type="button" label="Cancel" severity="secondary" text onClick={onDone} />
        <Button type="submit" label={plan ? 'Save plan' : 'Create plan'} icon="pi pi-check" loading={mutation.isPending} data-testid="plan-submit" />
      </div>
    </form>
  );
}
