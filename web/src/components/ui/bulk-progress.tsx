import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useEffect, useEffectEvent, useRef } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { useTimezone } from '@/lib/auth';
import { formatDateTime } from '@/lib/dates';
import { plural } from '@/lib/labels';
import { notify } from '@/lib/notify';
import { isBatchDone, useJobBatch, useRetryJobBatch, type JobBatch } from '@/lib/job-batches';

export interface TrackedBatch {
  id: string;
  /** What the batch does, e.g. "Listing on Tees US". */
  title: string;
}

export interface BulkProgressProps extends TrackedBatch {
  /** Called each time the batch has nothing left pending or running (again after a retry). */
  onFinished?: (batch: JobBatch) => void;
}

function stateOf(b: JobBatch): { label: string; severity: 'info' | 'warning' | 'success' | 'danger' } {
  if (!isBatchDone(b)) return b.processing === 0 && b.nextRunAt ? { label: 'Waiting', severity: 'warning' } : { label: 'Running', severity: 'info' };
  return b.failed > 0 ? { label: 'Finished with failures', severity: 'danger' } : { label: 'Finished', severity: 'success' };
}

/** "The item failed.", "2 of 5 items failed." */
function failedSentence(b: JobBatch): string {
  if (b.total === 1) return 'The item failed.';
  return `${b.failed} of ${plural(b.total, 'item')} failed.`;
}

/**
 * The progress of one bulk action (one job per item, all under one batch id): polled about every
 * second until nothing is pending or running, then a summary of the failures with a way to
 * queue them again.
 */
export function BulkProgress({ id, title, onFinished }: BulkProgressProps) {
  const timezone = useTimezone();
  const query = useJobBatch(id);
  const retry = useRetryJobBatch();
  const batch = query.data;
  const done = batch ? isBatchDone(batch) : false;

  // Tell the screen once per finish (a retry starts a new round).
  const finishedRef = useRef(false);
  // The screen's latest callback, without re-running the effect when the screen re-renders.
  const finish = useEffectEvent((b: JobBatch) => onFinished?.(b));
  // A batch that ends with failures says so where the seller looks, whatever screen is open.
  const announce = useEffectEvent((b: JobBatch) => {
    if (b.failed > 0) notify.error(`${title}: ${failedSentence(b)}`, { summary: 'Finished with failures' });
  });
  useEffect(() => {
    if (!batch) return;
    if (done && !finishedRef.current) {
      finishedRef.current = true;
      announce(batch);
      finish(batch);
    } else if (!done) finishedRef.current = false;
  }, [batch, done]);

  if (query.isError && !batch) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!batch) {
    return (
      <section className="bulk-progress" data-testid="bulk-progress" aria-busy="true" aria-label={title}>
        <div className="bulk-progress-head">
          <span className="bulk-progress-title">{title}</span>
          <span className="muted small">Starting…</span>
        </div>
        <ProgressBar mode="indeterminate" style={{ height: 8 }} />
      </section>
    );
  }

  const finished = batch.succeeded + batch.failed;
  const percent = batch.total > 0 ? Math.round((finished / batch.total) * 100) : 100;
  const state = stateOf(batch);

  const onRetry = () =>
    retry.mutate(batch.id, {
      onSuccess: (b) => notify.success(`${plural(b.pending + b.processing, 'failed item')} queued again.`),
    });

  return (
    <section className="bulk-progress" data-testid="bulk-progress" data-batch-id={batch.id} data-state={done ? 'done' : 'running'} aria-label={title}>
      <div className="bulk-progress-head">
        <span className="bulk-progress-title">{title}</span>
        <Tag value={state.label} severity={state.severity} rounded data-testid="bulk-progress-state" />
      </div>
      <ProgressBar
        value={percent}
        showValue={false}
        style={{ height: 8 }}
        className={batch.failed > 0 ? 'progress-with-failures' : undefined}
        aria-label={`${finished} of ${batch.total} done`}
      />
      <div className="bulk-progress-counts" data-testid="bulk-progress-counts" aria-live="polite">
        <span>
          <strong>{finished}</strong> of <strong>{batch.total}</strong> done
        </span>
        {/* Colours mean something: green done well, red failed, blue running; waiting is neutral. */}
        <span className={`count ${batch.succeeded > 0 ? 'count-green' : 'count-zero'}`} data-testid="count-succeeded">
          {batch.succeeded} succeeded
        </span>
        <span className={`count ${batch.failed > 0 ? 'count-red' : 'count-zero'}`} data-testid="count-failed">
          {batch.failed} failed
        </span>
        {!done ? (
          <>
            <span className="count count-queued" data-testid="count-queued">
              {batch.pending} queued
            </span>
            <span className={`count ${batch.processing > 0 ? 'count-blue' : 'count-zero'}`} data-testid="count-running">
              {batch.processing} running
            </span>
          </>
        ) : null}
      </div>
      {batch.nextRunAt && !done ? (
        <div className="bulk-progress-next" data-testid="bulk-progress-next-run">
          <i className="pi pi-clock" aria-hidden="true" /> Next run at {formatDateTime(batch.nextRunAt, timezone)}
          <span className="muted"> — the marketplace's rate limit or daily cap holds the rest until then.</span>
        </div>
      ) : null}
      {done ? (
        <div className="bulk-progress-summary" data-testid="bulk-progress-summary">
          {batch.failed === 0 ? (
            <p className="bulk-progress-ok">
              <i className="pi pi-check-circle" aria-hidden="true" /> {batch.total === 1 ? 'The item succeeded.' : `All ${batch.total} items succeeded.`}
            </p>
          ) : (
            <>
              <p className="error-text">
                <i className="pi pi-times-circle" aria-hidden="true" /> {failedSentence(batch)}
              </p>
              {batch.failures.length > 0 ? (
                <ul className="bulk-failures" data-testid="bulk-progress-failures">
                  {batch.failures.map((f) => (
                    <li key={f.jobId}>
                      <span className="bulk-failure-label">{f.label}</span>
                      <span className="bulk-failure-error">{f.error}</span>
                      <span className="muted small">
                        {f.attempts} attempt{f.attempts === 1 ? '' : 's'}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {batch.failed > batch.failures.length ? (
                <p className="muted small">Showing the newest {batch.failures.length} failures.</p>
              ) : null}
              <div>
                <Button
                  label="Retry failed"
                  icon="pi pi-replay"
                  size="small"
                  outlined
                  loading={retry.isPending}
                  onClick={onRetry}
                  data-testid="retry-failed"
                />
              </div>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

export interface BulkProgressDialogProps {
  /** The batches to follow; nothing shows while null or empty. */
  batches: TrackedBatch[] | null;
  header: string;
  onHide: () => void;
  onFinished?: (batch: JobBatch) => void;
}

/** The progress of one or more batches in a dialog; closing it stops watching, not the work. */
export function BulkProgressDialog({ batches, header, onHide, onFinished }: BulkProgressDialogProps) {
  const visible = !!batches && batches.length > 0;
  return (
    <Dialog header={header} visible={visible} onHide={onHide} style={{ width: '40rem' }} breakpoints={{ '640px': '95vw' }} draggable={false}>
      <div className="stack" data-testid="bulk-progress-dialog">
        {(batches ?? []).map((b) => (
          <BulkProgress key={b.id} id={b.id} title={b.title} {...(onFinished ? { onFinished } : {})} />
        ))}
        <p className="muted small">The work goes on if you close this window; the monitors and each list show the results.</p>
        <div className="dialog-actions">
          <Button label="Close" severity="secondary" onClick={onHide} />
        </div>
      </div>
    </Dialog>
  );
}
