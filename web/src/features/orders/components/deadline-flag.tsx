/** "3 h", "2 d": how far a deadline is, rounded for a glance. */
export function formatSpan(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} d`;
}

export interface DeadlineSubject {
  shipByAt?: string | null;
  isLate: boolean;
  isDueSoon: boolean;
}

/**
 * Late (past the marketplace's ship-by time) or due soon (within 24 h), as the server judged it;
 * the time left or overdue is counted here from the same ship-by instant. Nothing otherwise.
 */
export function DeadlineFlag({ order, now }: { order: DeadlineSubject; now: number }) {
  const due = order.shipByAt ? new Date(order.shipByAt).getTime() : NaN;
  const span = Number.isFinite(due) ? formatSpan(due - now) : null;
  if (order.isLate) {
    return (
      <span className="deadline-flag deadline-late" data-testid="flag-late">
        <i className="pi pi-exclamation-circle" aria-hidden="true" />
        {span ? `Late · ${span} over` : 'Late'}
      </span>
    );
  }
  if (order.isDueSoon) {
    return (
      <span className="deadline-flag deadline-soon" data-testid="flag-due-soon">
        <i className="pi pi-clock" aria-hidden="true" />
        {span ? `Ship within ${span}` : 'Due soon'}
      </span>
    );
  }
  return null;
}
