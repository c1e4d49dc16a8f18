import { Tag } from 'primereact/tag';
import { ErrorState } from '@/components/ui/empty-state';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { formatDateTime } from '@/lib/dates';
import { formatMoney, formatPercent } from '@/lib/money';
import { usePromotionHistory, type PromotionRow, type PromotionWindow } from '../api/promotions';
import { formatDuration, plural, productLevelLabels } from './labels';
import { formatIn, phaseLabels, phaseOf, phaseSeverities, type Phase } from './promotion-state';

export interface PromotionDetailsProps {
  promotion: PromotionRow;
  phase: Phase;
  timezone: string;
  now: number;
}

const outcomeLabels = { FAILED: 'Refused', DROPPED: 'Left out', SUCCESS: 'In the sale' } as const;

/**
 * One promotion opened up: its terms, its current window and the next renewal, then its history
 * (every window, newest first) with the products each one failed or left out, and why.
 */
export function PromotionDetails({ promotion: p, phase, timezone, now }: PromotionDetailsProps) {
  const history = usePromotionHistory({ id: p.id, shopId: p.syncShop.id, title: p.title });
  const windows = [...(history.data ?? [])].sort((a, b) => b.seq - a.seq);

  return (
    <div className="stack promotion-details" data-testid={`promotion-details-${p.id}`}>
      <dl className="details">
        <div>
          <dt>Terms</dt>
          <dd>
            {formatPercent(p.discount)} off, {productLevelLabels[p.productLevel].toLowerCase()}, {formatDuration(p.duration)} a window
          </dd>
        </div>
        <div>
          <dt>Next renewal</dt>
          <dd data-testid="promotion-next-renewal">
            {p.nextRenewalAt ? (
              <>
                {formatDateTime(p.nextRenewalAt, timezone)} <span className="muted">({formatIn(p.nextRenewalAt, now)})</span>: the next window starts{' '}
                {formatDateTime(p.endTime, timezone)}
              </>
            ) : phase === 'DEACTIVATED' ? (
              'Never: the promotion was deactivated'
            ) : p.autoRenew ? (
              'Not planned yet'
            ) : (
              'Auto-renew is off'
            )}
          </dd>
        </div>
        {p.error ? (
          <div>
            <dt>Latest problem</dt>
            <dd className="error-text">{p.error}</dd>
          </div>
        ) : null}
      </dl>
      <section aria-label="Renewal history">
        <h3 className="promotion-section-title">History</h3>
        {history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        ) : history.isPending ? (
          <LinesSkeleton lines={3} label="Loading the history" />
        ) : windows.length === 0 ? (
          <p className="muted small">No window yet.</p>
        ) : (
          <ol className="promotion-history" data-testid="promotion-history">
            {windows.map((w) => (
              <WindowEntry key={w.id} window={w} timezone={timezone} now={now} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function WindowEntry({ window: w, timezone, now }: { window: PromotionWindow; timezone: string; now: number }) {
  const phase = phaseOf(w, now);
  const left = w.failedItemsCount + w.droppedItemsCount;
  return (
    <li data-testid={`window-${w.seq}`}>
      <div className="promotion-window">
        <span className="promotion-window-seq">{w.seq === 1 ? 'First' : `Renewal ${w.seq - 1}`}</span>
        <Tag value={phaseLabels[phase]} severity={phaseSeverities[phase]} rounded />
        <span>
          {formatDateTime(w.beginTime, timezone)} → {formatDateTime(w.endTime, timezone)}
        </span>
        <span className="muted small">
          {plural(w.successItemsCount, 'product')} in the sale
          {w.failedItemsCount > 0 ? `, ${w.failedItemsCount} refused` : ''}
          {w.droppedItemsCount > 0 ? `, ${w.droppedItemsCount} left out` : ''}
        </span>
      </div>
      {w.error ? <p className="error-text small">{w.error}</p> : null}
      {left > 0 && w.failedItems.length > 0 ? (
        <ul className="bulk-failures" aria-label={`Products not in window ${w.seq}`} data-testid={`window-${w.seq}-failures`}>
          {w.failedItems.map((item) => (
            <li key={item.id}>
              <span className="bulk-failure-label">{item.title ?? item.externalProductId ?? item.productId ?? 'A product'}</span>
              <span className="bulk-failure-error">{item.reason ?? 'No reason given'}</span>
              <span className="muted small">
                {outcomeLabels[item.status]}
                {item.activityPrice !== null ? ` at ${formatMoney(item.activityPrice)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
