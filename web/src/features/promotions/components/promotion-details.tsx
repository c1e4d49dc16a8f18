import { Tag } from 'primereact/tag';
import { ErrorState } from '@/components/ui/empty-state';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { JobStatusTag } from '@/components/ui/status-tag';
import { formatDateTime } from '@/lib/dates';
import { usePromotionJobs, type MarketplaceActivity, type PromotionJob, type PromotionRow } from '../api/promotions';
import { productLevelLabels, plural } from './labels';
import { formatIn, mentions, nextWindow, phaseLabels, phaseSeverities, type Phase } from './promotion-state';

export interface PromotionDetailsProps {
  promotion: PromotionRow;
  phase: Phase;
  activity: MarketplaceActivity | undefined;
  timezone: string;
  now: number;
  /** Admins read the jobs behind the history; staff may not. */
  canReadJobs: boolean;
}

const jobLabels: Record<string, string> = { 'promotion.schedule': 'First schedule', 'promotion.renew': 'Renewal' };

/**
 * One promotion opened up: its current window, the next one, what the marketplace says of it,
 * and its history (each schedule and renewal run, newest first) with the failures.
 */
export function PromotionDetails({ promotion: p, phase, activity, timezone, now, canReadJobs }: PromotionDetailsProps) {
  const next = nextWindow(p, phase);
  const jobs = usePromotionJobs(canReadJobs);
  const history: PromotionJob[] = (jobs.data ?? []).filter((j) => mentions(j.event, p.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const failures = history.filter((j) => j.status === 'FAILED' && j.error);

  return (
    <div className="stack promotion-details" data-testid={`promotion-details-${p.id}`}>
      <dl className="details">
        <div>
          <dt>Window</dt>
          <dd>
            {formatDateTime(p.beginTime, timezone)} → {formatDateTime(p.endTime, timezone)}
          </dd>
        </div>
        <div>
          <dt>Next renewal</dt>
          <dd data-testid="promotion-next-renewal">
            {next ? (
              <>
                {formatDateTime(next.begin, timezone)} <span className="muted">({formatIn(next.begin, now)})</span>, until {formatDateTime(next.end, timezone)}
              </>
            ) : p.autoRenew ? (
              'Not renewed: the promotion has ended on the marketplace'
            ) : (
              'Auto-renew is off'
            )}
          </dd>
        </div>
        <div>
          <dt>Products</dt>
          <dd>
            {plural(p.successItemsCount, 'product')} in the sale
            {p.failedItemsCount > 0 ? <span className="error-text">, {p.failedItemsCount} left out</span> : null} · {productLevelLabels[p.productLevel]}
          </dd>
        </div>
        <div>
          <dt>On TikTok Shop</dt>
          <dd>
            {activity ? (
              <>
                <Tag value={phaseLabels[phase]} severity={phaseSeverities[phase]} rounded /> <span className="muted small">activity {activity.id}</span>
              </>
            ) : p.activityId ? (
              <span className="muted">Activity {p.activityId}</span>
            ) : (
              <span className="muted">Not created yet</span>
            )}
          </dd>
        </div>
      </dl>
      <section aria-label="Renewal history">
        <h3 className="promotion-section-title">History</h3>
        {!canReadJobs ? (
          <p className="muted small">Your admins can see each schedule and renewal run here.</p>
        ) : jobs.isError ? (
          <ErrorState error={jobs.error} onRetry={() => void jobs.refetch()} />
        ) : jobs.isPending ? (
          <LinesSkeleton lines={3} label="Loading the history" />
        ) : history.length === 0 ? (
          <p className="muted small">No run of this promotion among the newest jobs.</p>
        ) : (
          <ul className="promotion-history" data-testid="promotion-history">
            {history.map((j) => (
              <li key={j.id}>
                <JobStatusTag status={j.status} />
                <span>{jobLabels[j.type] ?? j.type}</span>
                <span className="muted small">{formatDateTime(j.createdAt, timezone)}</span>
                <span className="muted small">{plural(j.attempts, 'attempt')}</span>
              </li>
            ))}
          </ul>
        )}
        {failures.length > 0 ? (
          <ul className="bulk-failures" data-testid="promotion-failures" aria-label="Failures">
            {failures.map((j) => (
              <li key={j.id}>
                <span className="bulk-failure-label">
                  {jobLabels[j.type] ?? j.type}, {formatDateTime(j.updatedAt, timezone)}
                </span>
                <span className="bulk-failure-error">{j.error}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
