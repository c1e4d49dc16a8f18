import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRemoveFulfillmentOrder } from '../api/fulfillment-orders';

export interface CancelSubject {
  id: string;
  providerLabel: string;
  label: string;
}

/**
 * Asks before cancelling at the provider. Once production has started the provider refuses:
 * the server answers CONFLICT with the provider's status, which stays in the dialog.
 */
export function CancelFulfillmentDialog({ order, visible, onHide }: { order: CancelSubject; visible: boolean; onHide: () => void }) {
  const cancel = useRemoveFulfillmentOrder();
  const conflict = cancel.error instanceof ApiError && cancel.error.hasCode('CONFLICT');

  const close = () => {
    cancel.reset();
    onHide();
  };

  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        notify.success(`${order.label} was cancelled at ${order.providerLabel}.`);
        close();
      },
    });

  return (
    <Dialog
      header={`Cancel ${order.label}`}
      visible={visible}
      onHide={close}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '92vw' }}
      draggable={false}
      footer={
        <div className="form-actions">
          <Button label={conflict ? 'Close' : 'Keep it'} text severity="secondary" onClick={close} autoFocus />
          {!conflict ? <Button label="Cancel at the provider" severity="danger" loading={cancel.isPending} onClick={confirm} data-testid="cancel-fulfillment-confirm" /> : null}
        </div>
      }
    >
      <div className="stack" data-testid="cancel-fulfillment-dialog">
        <p>
          Ask {order.providerLabel} to cancel this order? Nothing of it will be printed or shipped. This cannot be undone.
        </p>
        {cancel.error ? (
          <Message
            severity={conflict ? 'warn' : 'error'}
            text={conflict ? `${order.providerLabel} no longer lets it be cancelled: ${errorMessage(cancel.error)}` : errorMessage(cancel.error)}
            data-testid={conflict ? 'cancel-conflict' : 'cancel-error'}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
