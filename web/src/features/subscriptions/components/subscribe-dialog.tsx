import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useNavigate } from 'react-router';
import { PlanTag, planTypeLabels } from '@/components/ui/plan-tag';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { estimatedCredit, useSubscribeAPlan, type MySubscription, type Plan } from '../api/subscriptions';

/** The server's refusals, in words a seller can act on. */
export function subscribeErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.hasCode('PAYMENT_REQUIRED')) return 'Your balance is short for this plan: add balance, then subscribe again.';
    if (error.hasCode('CONFLICT')) return `You cannot switch to this plan now: ${error.message}.`;
    if (error.hasCode('FORBIDDEN')) return 'Only an admin of your account can change its plan.';
  }
  return errorMessage(error);
}

/**
 * The confirmation of a purchase: what is debited, what the unused part of the running paid
 * period gives back (as far as the client can estimate it; the server computes it to the
 * second), and the balance afterwards. A balance short by the estimate offers to add balance
 * instead of a purchase the server would refuse.
 */
export function SubscribeDialog({ plan, subscription, now, onHide }: { plan: Plan | null; subscription: MySubscription; now: number; onHide: () => void }) {
  const mutation = useSubscribeAPlan();
  const navigate = useNavigate();
  const close = () => {
    mutation.reset();
    onHide();
  };
  if (!plan) return <Dialog header="Subscribe" visible={false} onHide={close} />;

  const credit = subscription.isExpired ? 0 : estimatedCredit(subscription, now);
  const after = Math.round((subscription.balance + credit - plan.salePrice) * 100) / 100;
  const short = after < 0;
  const paymentRequired = mutation.error instanceof ApiError && mutation.error.hasCode('PAYMENT_REQUIRED');
  // An ended paid plan is Free's terms now: the switch is from Free.
  const current = subscription.isExpired ? 'FREE' : subscription.plan?.type;

  const confirm = () =>
    mutation.mutate(plan.id, {
      onSuccess: (s) => {
        notify.success(`You are on the ${planTypeLabels[plan.type]} plan${s.endDate ? ` until ${new Date(s.endDate).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : ''}.`);
        close();
      },
    });

  return (
    <Dialog
      header={`Subscribe to ${planTypeLabels[plan.type]}`}
      visible
      onHide={close}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '92vw' }}
      footer={
        <div className="form-actions">
          <Button label="Cancel" text severity="secondary" onClick={close} />
          {short || paymentRequired ? (
            <Button label="Add balance" icon="pi pi-plus" onClick={() => void navigate(paths.subscriptions.addBalance)} data-testid="subscribe-add-balance" />
          ) : (
            <Button
              label={plan.salePrice > 0 ? `Pay ${formatMoney(plan.salePrice)}` : 'Switch to Free'}
              icon="pi pi-check"
              loading={mutation.isPending}
              onClick={confirm}
              data-testid="subscribe-confirm"
            />
          )}
        </div>
      }
    >
      <div className="stack" data-testid="subscribe-dialog">
        <p>
          {current ? (
            <>
              From <PlanTag type={current} /> to <PlanTag type={plan.type} />
            </>
          ) : (
            <>
              To <PlanTag type={plan.type} />
            </>
          )}
          {plan.salePrice > 0 ? `, ${plan.durationDays} days starting now.` : ', without an end date.'}
        </p>
        <table className="money-lines" data-testid="subscribe-lines">
          <tbody>
            <tr>
              <td>Balance now</td>
              <td>{formatMoney(subscription.balance)}</td>
            </tr>
            {credit > 0 ? (
              <tr data-testid="subscribe-credit">
                <td>
                  Unused part of {planTypeLabels[current ?? 'FREE']} credited <span className="muted small">(about)</span>
                </td>
                <td className="profit-positive">+{formatMoney(credit)}</td>
              </tr>
            ) : null}
            <tr data-testid="subscribe-debit">
              <td>{planTypeLabels[plan.type]} plan debited</td>
              <td className="profit-negative">−{formatMoney(plan.salePrice)}</td>
            </tr>
            <tr className="money-total">
              <td>Balance after</td>
              <td data-testid="subscribe-after">{formatMoney(after)}</td>
            </tr>
          </tbody>
        </table>
        {credit > 0 ? (
          <p className="muted small">The credit is the unused time of your current period, worked out to the second when you confirm.</p>
        ) : null}
        {short ? <Message severity="warn" text={`Your balance is short by ${formatMoney(-after)}: add balance to buy this plan.`} data-testid="subscribe-short" /> : null}
        {mutation.error ? <Message severity="error" text={subscribeErrorText(mutation.error)} data-testid="subscribe-error" /> : null}
      </div>
    </Dialog>
  );
}
