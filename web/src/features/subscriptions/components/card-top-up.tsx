import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState, type ReactNode } from 'react';
import { Field } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import { ApiError, errorMessage } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { formatMoney } from '@/lib/money';
import { TOP_UP_MAX, TOP_UP_MIN, useCreateTopUpCheckout, useTopUpPayment } from '../api/subscriptions';

const PRESETS = [25, 50, 100, 200];

/**
 * What became of the card payment the seller is back from (`?payment=<id>`, and `cancelled`
 * when they left the provider's page without paying): read until the provider settles it.
 */
export function TopUpOutcome({ paymentId, cancelled, onDone }: { paymentId: string; cancelled: boolean; onDone: () => void }) {
  const payment = useTopUpPayment(paymentId);
  const done = <Button label="Done" text size="small" onClick={onDone} style={{ alignSelf: 'flex-start' }} />;
  if (payment.isError) {
    return (
      <div className="stack-sm" data-testid="card-top-up-unknown">
        <Message severity="error" text={`We could not read that payment: ${errorMessage(payment.error)}`} />
        {done}
      </div>
    );
  }
  const p = payment.data;
  if (!p) {
    return (
      <div className="row-gap" aria-busy="true" data-testid="card-top-up-reading">
        <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" />
        <span>Reading your payment…</span>
      </div>
    );
  }
  if (p.status === 'PAID') {
    return (
      <div className="stack-sm" data-testid="card-top-up-paid">
        <Message severity="success" text={`Payment of ${formatMoney(p.amount)} received: it is on your balance.`} />
        {done}
      </div>
    );
  }
  if (p.status === 'EXPIRED') {
    return (
      <div className="stack-sm" data-testid="card-top-up-expired">
        <Message severity="warn" text={`The payment of ${formatMoney(p.amount)} did not go through, and nothing was charged. You can start again.`} />
        {done}
      </div>
    );
  }
  if (cancelled) {
    return (
      <div className="stack-sm" data-testid="card-top-up-cancelled">
        <Message severity="info" text={`You left the payment page: ${formatMoney(p.amount)} was not charged.`} />
        {done}
      </div>
    );
  }
  return (
    <div className="row-gap" data-testid="card-top-up-pending">
      <ProgressSpinner style={{ width: '1.5rem', height: '1.5rem' }} strokeWidth="6" />
      <span>Waiting for the card payment of {formatMoney(p.amount)} to be confirmed… This page updates by itself.</span>
    </div>
  );
}

/**
 * A top-up by card: the amount here, the card on the payment provider's own page (the card
 * never reaches us), and back to this page, which then says what became of the payment.
 */
export function CardTopUpPanel({ canPay, outcome }: { canPay: boolean; outcome: ReactNode }) {
  const [amount, setAmount] = useState<number | null>(50);
  const [invalid, setInvalid] = useState<string | null>(null);
  const checkout = useCreateTopUpCheckout();
  const serverError = checkout.error ? (checkout.error instanceof ApiError && checkout.error.field === 'amount' ? errorMessage(checkout.error) : null) : null;

  const pay = () => {
    if (amount === null || amount < TOP_UP_MIN || amount > TOP_UP_MAX) {
      setInvalid(`Enter an amount from ${formatMoney(TOP_UP_MIN)} to ${formatMoney(TOP_UP_MAX)}.`);
      return;
    }
    setInvalid(null);
    checkout.mutate(amount, { onSuccess: (c) => browser.leaveTo(c.url) });
  };

  return (
    <Panel title="By card">
      <div className="stack">
        {outcome}
        {canPay ? (
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              pay();
            }}
            data-testid="card-top-up"
          >
            <Field id="top-up-amount" label="Amount (USD)" error={invalid ?? serverError} hint={`From ${formatMoney(TOP_UP_MIN)} to ${formatMoney(TOP_UP_MAX)}; larger amounts by bank transfer.`}>
              <InputNumber
                inputId="top-up-amount"
                value={amount}
                onValueChange={(e) => setAmount(e.value ?? null)}
                mode="currency"
                currency="USD"
                locale="en-US"
                min={0}
                maxFractionDigits={2}
                data-testid="card-top-up-amount"
              />
            </Field>
            <div className="chips" role="group" aria-label="Common amounts">
              {PRESETS.map((n) => (
                <Button key={n} type="button" label={formatMoney(n)} size="small" outlined={amount !== n} severity="secondary" onClick={() => setAmount(n)} />
              ))}
            </div>
            {checkout.error && !serverError ? <Message severity="error" text={errorMessage(checkout.error)} data-testid="card-top-up-error" /> : null}
            <div>
              <Button type="submit" label={amount ? `Pay ${formatMoney(amount)} by card` : 'Pay by card'} icon="pi pi-credit-card" loading={checkout.isPending || checkout.isSuccess} data-testid="card-top-up-pay" />
            </div>
            <p className="muted small">You pay on our payment provider&apos;s secure page and come back here; the balance is credited as soon as the provider confirms the payment.</p>
          </form>
        ) : (
          <p className="muted" data-testid="card-top-up-admin-only">
            Only an admin of your account can pay by card. Ask one, or use a bank transfer.
          </p>
        )}
      </div>
    </Panel>
  );
}
