import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRemoveProvider, type ProviderAccount } from '../api/providers';
import { accountLabel } from './labels';

/**
 * Asks before removing an account. The server refuses (CONFLICT) while the account has open
 * fulfilment orders; its message stays here, where the seller is looking.
 */
export function RemoveProviderDialog({ account, onHide }: { account: ProviderAccount | null; onHide: () => void }) {
  const remove = useRemoveProvider();
  const conflict = remove.error instanceof ApiError && remove.error.hasCode('CONFLICT');

  const close = () => {
    remove.reset();
    onHide();
  };

  const confirm = () => {
    if (!account) return;
    remove.mutate(account.id, {
      onSuccess: () => {
        notify.success(`${accountLabel(account)} was removed.`);
        close();
      },
    });
  };

  return (
    <Dialog
      header="Remove provider account"
      visible={!!account}
      onHide={close}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '92vw' }}
      draggable={false}
      footer={
        <div className="form-actions">
          <Button label={conflict ? 'Close' : 'Cancel'} text severity="secondary" onClick={close} autoFocus />
          {!conflict ? <Button label="Remove account" severity="danger" loading={remove.isPending} onClick={confirm} data-testid="remove-provider-confirm" /> : null}
        </div>
      }
    >
      {account ? (
        <div className="stack" data-testid="remove-provider-dialog">
          <p>
            Remove <strong>{accountLabel(account)}</strong> from Sellerdesk? Its credentials are deleted and no new order can go to it. Orders it already fulfilled stay on record.
          </p>
          {remove.error ? (
            <Message
              severity={conflict ? 'warn' : 'error'}
              text={conflict ? `It cannot be removed yet: ${errorMessage(remove.error)}` : errorMessage(remove.error)}
              data-testid={conflict ? 'remove-provider-conflict' : 'remove-provider-error'}
            />
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
