import type { JobStatus, PromotionActivityStatus } from '@/gql/graphql';

export type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

export type Phase = 'QUEUED' | 'SCHEDULING' | 'FAILED' | 'SCHEDULED' | 'ONGOING' | 'ENDED' | 'DEACTIVATED';

export const phaseLabels: Record<Phase, string> = {
  QUEUED: 'Queued',
  SCHEDULING: 'Scheduling',
  FAILED: 'Failed',
  SCHEDULED: 'Scheduled',
  ONGOING: 'Ongoing',
  ENDED: 'Ended',
  DEACTIVATED: 'Deactivated',
};

export const phaseSeverities: Record<Phase, Severity> = {
  QUEUED: 'warning',
  SCHEDULING: 'info',
  FAILED: 'danger',
  SCHEDULED: 'info',
  ONGOING: 'success',
  ENDED: 'secondary',
  DEACTIVATED: 'secondary',
};

/** A promotion or one of its windows: its job's status, its activity's, its times. */
export interface WindowLike {
  status: JobStatus;
  activityStatus?: PromotionActivityStatus | null;
  beginTime: string;
  endTime: string;
}

const fromActivity: Record<PromotionActivityStatus, Phase> = {
  NOT_START: 'SCHEDULED',
  ONGOING: 'ONGOING',
  EXPIRED: 'ENDED',
  DEACTIVATED: 'DEACTIVATED',
};

/**
 * Where a promotion (or a window) stands. Deactivated wins (its activity ends in the background);
 * until the scheduling job has succeeded its status says it; then the activity's lifecycle, or,
 * when the server gave none, the window against the clock.
 */
export function phaseOf(p: WindowLike & { deactivatedAt?: string | null }, now: number): Phase {
  if (p.deactivatedAt || p.activityStatus === 'DEACTIVATED') return 'DEACTIVATED';
  if (p.status === 'PENDING') return 'QUEUED';
  if (p.status === 'PROCESSING') return 'SCHEDULING';
  if (p.status === 'FAILED') return 'FAILED';
  if (p.activityStatus) return fromActivity[p.activityStatus];
  if (now < new Date(p.beginTime).getTime()) return 'SCHEDULED';
  if (now < new Date(p.endTime).getTime()) return 'ONGOING';
  return 'ENDED';
}

/** A live activity on the marketplace, which deactivating ends. */
export const canDeactivate = (p: { activityId?: string | null }, phase: Phase) => !!p.activityId && (phase === 'SCHEDULED' || phase === 'ONGOING');

/** "in 45 min", "in 3 h", "in 2 d"; "now" once passed. */
export function formatIn(target: string, now: number): string {
  const minutes = Math.round((new Date(target).getTime() - now) / 60_000);
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.round(hours / 24)} d`;
}
