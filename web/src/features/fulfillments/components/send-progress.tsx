import { ProgressBar } from 'primereact/progressbar';
import { Link } from 'react-router';
import { pathTo, paths } from '@/config/paths';

export type SendState =
  | { status: 'waiting' }
  | { status: 'sending' }
  | { status: 'sent'; fulfillmentId: string }
  | { status: 'failed'; error: string };

export interface SendRow {
  orderId: string;
  label: string;
  state: SendState;
}

const ICONS: Record<SendState['status'], string> = {
  waiting: 'pi pi-clock muted',
  sending: 'pi pi-spin pi-spinner',
  sent: 'pi pi-check-circle key-status-ok',
  failed: 'pi pi-times-circle key-status-bad',
};

/**
 * Where each order of a send stands: waiting, being sent, sent (with a link to its fulfilment
 * order) or failed with the server's reason, which names the item at fault.
 */
export function SendProgress({ rows }: { rows: SendRow[] }) {
  const finished = rows.filter((r) => r.state.status === 'sent' || r.state.status === 'failed').length;
  const failed = rows.filter((r) => r.state.status === 'failed').length;
  const sent = rows.filter((r) => r.state.status === 'sent').length;
  return (
    <section className="bulk-progress" data-testid="send-progress" data-state={finished === rows.length ? 'done' : 'running'} aria-label="Sending to the provider">
      <ProgressBar
        value={rows.length ? Math.round((finished / rows.length) * 100) : 100}
        showValue={false}
        style={{ height: 8 }}
        className={failed > 0 ? 'progress-with-failures' : undefined}
        aria-label={`${finished} of ${rows.length} done`}
      />
      <div className="bulk-progress-counts" aria-live="polite" data-testid="send-counts">
        <span>
          <strong>{finished}</strong> of <strong>{rows.length}</strong> done
        </span>
        <span className="count count-green">{sent} sent</span>
        <span className={`count ${failed > 0 ? 'count-red' : 'count-zero'}`}>{failed} failed</span>
      </div>
      <ul className="send-list">
        {rows.map((r) => (
          <li key={r.orderId} data-testid={`send-${r.orderId}`} data-state={r.state.status}>
            <span className="bulk-failure-label">
              <i className={ICONS[r.state.status]} aria-hidden="true" /> {r.label}
            </span>
            {r.state.status === 'sent' ? (
              <Link to={pathTo(paths.fulfillments.orderDetail, { orderId: r.state.fulfillmentId })}>Open its fulfilment order</Link>
            ) : r.state.status === 'failed' ? (
              <span className="bulk-failure-error">{r.state.error}</span>
            ) : (
              <span className="muted small">{r.state.status === 'sending' ? 'Sending…' : 'Waiting'}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
