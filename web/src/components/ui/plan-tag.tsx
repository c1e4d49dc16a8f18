import { Tag } from 'primereact/tag';
import type { PlanType, TransactionType } from '@/gql/graphql';

export const planTypeLabels: Record<PlanType, string> = {
  FREE: 'Free',
  BEGIN: 'Begin',
  BASIC: 'Basic',
  SMALL: 'Small',
  PREMIUM: 'Premium',
  DIAMOND: 'Diamond',
};

export const PLAN_TYPES = Object.keys(planTypeLabels) as PlanType[];

const planSeverities: Record<PlanType, 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast'> = {
  FREE: 'secondary',
  BEGIN: 'info',
  BASIC: 'info',
  SMALL: 'success',
  PREMIUM: 'warning',
  DIAMOND: 'contrast',
};

/** A plan's name as a tag; a client without a plan shows as on FREE's terms. */
export function PlanTag({ type }: { type: PlanType | null | undefined }) {
  const t = type ?? 'FREE';
  return <Tag value={planTypeLabels[t]} severity={planSeverities[t]} rounded />;
}

/** Whether a client's users can sign in. */
export function ClientStatusTag({ active }: { active: boolean }) {
  return <Tag value={active ? 'Active' : 'Deactivated'} severity={active ? 'success' : 'danger'} rounded />;
}

export const transactionTypeLabels: Record<TransactionType, string> = {
  TOP_UP: 'Top-up',
  PLAN_PURCHASE: 'Plan purchase',
  ADJUSTMENT: 'Adjustment',
};

const transactionSeverities: Record<TransactionType, 'success' | 'info' | 'warning'> = {
  TOP_UP: 'success',
  PLAN_PURCHASE: 'info',
  ADJUSTMENT: 'warning',
};

export function TransactionTypeTag({ type }: { type: TransactionType }) {
  return <Tag value={transactionTypeLabels[type]} severity={transactionSeverities[type]} rounded />;
}
