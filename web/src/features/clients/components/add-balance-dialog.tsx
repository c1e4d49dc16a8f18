import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useAddClientBalance } from '../api/clients';

/**
 * Credits a client's balance by hand (a bank transfer received, a goodwill credit): the amount
 * and a note of why, then a second look at what is credited to whom before it is.
 */
export function AddBalanceDialog({ client, reference, visible, onHide }: { client: { id: string; name: string }; reference: string; visible: boolean; onHide: () => void }) {
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useAddClientBalance();
  const serverField = mutation.error instanceof ApiError ? mutation.error.field : undefined;

  const close = () => {
    setAmount(null);
    setNote('');
    setReviewing(false);
    setInvalid(null);
    mutation.reset();
    onHide();
  };

  const review = () => {
    if (amount === null || !(amount > 0)) {
      setInvalid('Enter an amount above zero.');
      return;
    }
    setInvalid(null);
    mutation.reset();
    setReviewing(true);
  };

  const submit = () => {
    if (amount === null) return;
    mutation.mutate(
      { clientId: client.id, amount, note },
      {
        onSuccess: (s) => {
          notify.success(`${formatMoney(amount)} credited to ${client.name}: the balance is ${formatMoney(s.balance)}.`);
          close();
        },
        onError: () => setReviewing(false),
      },
    );
  };

  return (
    <Dialog
      header={reviewing ? 'Confirm the credit' : `Add balance to ${client.name}`}
      visible={visible}
      onHide={close}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '92vw' }}
      footer={
        <div className="form-actions">
          {reviewing ? (
            <>
              <Button label="Back" text severity="secondary" onClick={() => setReviewing(false)} disabled={mutation.isPending} />
              <Button label={`Credit ${formatMoney(amount)}`} icon="pi pi-check" loading={mutation.isPending} onClick={submit} data-testid="add-balance-confirm" />
            </>
          ) : (
            <>
              <Button label="Cancel" text severity="secondary" onClick={close} />
              <Button label="Review" onClick={review} data-testid="add-balance-review" />
            </>
          )}
        </div>
      }
    >
      {reviewing ? (
        <div className="stack" data-testid="add-balance-summary">
          <p>
            Credit <strong>{formatMoney(amount)}</strong> to <strong>{client.name}</strong>? It is written as a top-up transaction with your name and the note below, and cannot
            be taken back from here.
          </p>
          <p className="muted">{note.trim() || 'No note'}</p>
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
          data-testid="add-balance-form"
        >
          <Field id="add-balance-amount" label="Amount (USD)" error={invalid ?? (serverField === 'amount' ? errorMessage(mutation.error) : null)}>
            <InputNumber
              inputId="add-balance-amount"
              value={amount}
              onValueChange={(e) => setAmount(e.value ?? null)}
              mode="currency"
              currency="USD"
              locale="en-US"
              min={0}
              maxFractionDigits={2}
              autoFocus
              data-testid="add-balance-amount"
            />
          </Field>
          <Field id="add-balance-note" label="Note" hint={`Who paid and how, e.g. "Bank transfer ${reference}"`} error={serverField === 'note' ? errorMessage(mutation.error) : null}>
            <InputText id="add-balance-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} data-testid="add-balance-note" />
          </Field>
          {mutation.error && serverField !== 'amount' && serverField !== 'note' ? <Message severity="error" text={errorMessage(mutation.error)} data-testid="add-balance-error" /> : null}
          <button type="submit" hidden />
        </form>
      )}
    </Dialog>
  );
}
