import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { OrderStatusTag, orderStatusLabels } from '@/components/ui/status-tag';
import type { OrderStatus } from '@/gql/graphql';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUpdateOrderStatus } from '../api/orders';

/** Moves after which the order is out of the seller's hands: the dialog says so and asks in red. */
const FINAL_MOVES: OrderStatus[] = ['CANCELLED', 'REFUNDED'];

export interface StatusChangeSubject {
  id: string;
  externalOrderId: string;
  status: OrderStatus;
  allowedStatuses: OrderStatus[];
}

/**
 * The confirmation of a status move. It offers only the moves the server says are allowed from
 * the order's status; if the order moved meanwhile (a sync, a colleague) and the server answers
 * CONFLICT, its message — which names what is allowed now — stays in the dialog, and the order
 * is read again so the choices are the current ones.
 */
export function StatusChangeDialog({ order, visible, onHide }: { order: StatusChangeSubject; visible: boolean; onHide: () => void }) {
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const mutation = useUpdateOrderStatus();
  const choices = order.allowedStatuses.filter((s) => s !== order.status);
  const chosen = target && choices.includes(target) ? target : null;
  const final = chosen !== null && FINAL_MOVES.includes(chosen);
  const error = mutation.error;
  const conflict = error instanceof ApiError && error.hasCode('CONFLICT');

  const close = () => {
    setTarget(null);
    mutation.reset();
    onHide();
  };

  const submit = () => {
    if (!chosen) return;
    mutation.mutate(
      { orderId: order.id, status: chosen },
      {
        onSuccess: () => {
          notify.success(`Order #${order.externalOrderId} is now ${orderStatusLabels[chosen].toLowerCase()}.`);
          close();
        },
        onError: () => setTarget(null),
      },
    );
  };

  return (
    <Dialog
      header={`Change the status of #${order.externalOrderId}`}
      visible={visible}
      onHide={close}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '92vw' }}
      footer={
        <div className="form-actions">
          <Button label="Cancel" text severity="secondary" onClick={close} />
          <Button
            label={chosen ? `Move to ${orderStatusLabels[chosen].toLowerCase()}` : 'Move'}
            severity={final ? 'danger' : undefined}
            disabled={!chosen}
            loading={mutation.isPending}
            onClick={submit}
            data-testid="status-change-confirm"
          />
        </div>
      }
    >
      <div className="stack" data-testid="status-change-dialog">
        <p>
          Now <OrderStatusTag status={order.status} />
        </p>
        {error ? (
          <Message
            severity="error"
            data-testid={conflict ? 'status-conflict' : 'status-error'}
            text={conflict ? `This move is not allowed: ${errorMessage(error)}` : errorMessage(error)}
          />
        ) : null}
        {choices.length === 0 ? (
          <p className="muted">No move is open from this status: the marketplace or fulfilment moves the order on from here.</p>
        ) : (
          <fieldset className="radio-group">
            <legend>Move it to</legend>
            <div className="status-options">
              {choices.map((s) => (
                <label key={s} className="radio-option">
                  <RadioButton inputId={`status-${s}`} name="status" value={s} checked={chosen === s} onChange={() => setTarget(s)} />
                  <span>{orderStatusLabels[s]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {final ? <Message severity="warn" text="This is a final status: the order cannot be moved back afterwards." /> : null}
      </div>
    </Dialog>
  );
}
