import type { JobStatus } from '@/gql/graphql';

export type Severity = 'success' | 'info' | 'warning' | 'danger' | 'secondary';

export type Phase = 'QUEUED' | 'SCHEDULING' | 'FAILED' | 'SCHEDULED' | 'ONGOING' | 'ENDED' | 'DEACTIVATED' | 'NOT_EFFECTIVE';

export const phaseLabels: Record<Phase, string> = {
  QUEUED: 'Queued',
  SCHEDULING: 'Scheduling',
  FAILED: 'Failed',
  SCHEDULED: 'Scheduled',
  ONGOING: 'Ongoing',
  ENDED: 'Ended',
  DEACTIVATED: 'Deactivated',
  NOT_EFFECTIVE: 'Not effective',
};

export const phaseSeverities: Record<Phase, Severity> = {
  QUEUED: 'warning',
  SCHEDULING: 'info',
  FAILED: 'danger',
  SCHEDULED: 'info',
  ONGOING: 'success',
  ENDED: 'secondary',
  DEACTIVATED: 'secondary',
  NOT_EFFECTIVE: 'warning',
};

export interface PromotionLike {
  status: JobStatus;
  activityId?: string | null;
  beginTime: string;
  endTime: string;
  autoRenew: boolean;
}

const fromMarketplace: Record<string, Phase> = {
  NOT_START: 'SCHEDULED',
  DRAFT: 'SCHEDULED',
  ONGOING: 'ONGOING',
  EXPIRED: 'ENDED',
  DEACTIVATED: 'DEACTIVATED',
  NOT_EFFECTIVE: 'NOT_EFFECTIVE',
};

/**
 * Where a promotion stands. Until its scheduling job has succeeded that job's status says it; then
 * the marketplace's own status of the activity when we could read it (the only way to know a
 * seller deactivated it), else its window against the clock.
 */
export function phaseOf(p: PromotionLike, marketplaceStatus: string | undefined, now: number): Phase {
  if (p.status === 'PENDING') return 'QUEUED';
  if (p.status === 'PROCESSING') return 'SCHEDULING';
  if (p.status === 'FAILED') return 'FAILED';
  const known = marketplaceStatus ? fromMarketplace[marketplaceStatus] : undefined;
  if (known) return known;
  if (now < new Date(p.beginTime).getTime()) return 'SCHEDULED';
  if (now < new Date(p.endTime).getTime()) return 'ONGOING';
  return 'ENDED';
}

/** A live activity on the marketplace, which deactivating ends. */
export const canDeactivate = (p: PromotionLike, phase: Phase) => !!p.activityId && (phase === 'SCHEDULED' || phase === 'ONGOING');

/**
 * When the next window starts: an auto-renewing promotion's next activity begins where the current
 * one ends (no gap, no overlap), and runs as long. Null when nothing renews.
 */
export function nextWindow(p: PromotionLike, phase: Phase): { begin: string; end: string } | null {
  if (!p.autoRenew || phase === 'DEACTIVATED' || phase === 'NOT_EFFECTIVE') return null;
  const begin = new Date(p.endTime).getTime();
  const span = begin - new Date(p.beginTime).getTime();
  if (!Number.isFinite(begin) || !(span > 0)) return null;
  return { begin: new Date(begin).toISOString(), end: new Date(begin + span).toISOString() };
}

/** "in 45 min", "in 3 h", "in 2 d"; "now" once passed. */
export function formatIn(target: string, now: number): string {
  const minutes = Math.round((new Date(target).getTime() - now) / 60_000);
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.round(hours / 24)} d`;
}

/** Whether a job's payload names this promotion (under whatever key the job kind chose). */
export function mentions(value: unknown, id: string, depth = 0): boolean {
  if (value === id) return true;
  if (depth > 4 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some((v) => mentions(v, id, depth + 1));
}
