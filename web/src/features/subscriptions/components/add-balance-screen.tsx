import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/notify';
import { useMySubscription, type MySubscription } from '../api/subscriptions';
import { CardTopUpPanel, TopUpOutcome } from './card-top-up';

function BankTransferPanel({ sub }: { sub: MySubscription | undefined }) {
  const copy = (reference: string) =>
    void navigator.clipboard?.writeText(reference).then(
      () => notify.success('Reference copied.'),
      () => notify.error('Copy failed: select the reference and copy it by hand.'),
    );
  return (
    <Panel title="By bank transfer">
      {sub ? (
        <div className="stack" data-testid="bank-transfer">
          <p>Transfer any amount in US dollars to our account and write this reference in the transfer&apos;s description, exactly as shown:</p>
          <div className="reference">
            <code data-testid="bank-reference">{sub.bankTransferReference}</code>
            <Button icon="pi pi-copy" text rounded aria-label="Copy the reference" onClick={() => copy(sub.bankTransferReference)} />
          </div>
          <ol className="stack-sm">
            <li>Use your bank&apos;s ordinary transfer; fees of your bank are yours.</li>
            <li>The reference tells us whose balance to credit: without it the transfer waits until we find you.</li>
            <li>We credit the balance by hand once the money arrives, usually within one or two working days; it shows as a top-up in your transactions.</li>
          </ol>
        </div>
      ) : (
        <LinesSkeleton lines={5} label="Loading the bank reference" />
      )}
    </Panel>
  );
}

/**
 * Topping up the balance that pays for plans: by card on the payment provider's page (back
 * here with `?payment=<id>` to see what became of it), or by bank transfer with the client's
 * reference, credited by the platform when it arrives.
 */
export function AddBalanceScreen() {
  const user = useCurrentUser();
  const sub = useMySubscription(user.data?.client?.id);
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  const outcome = paymentId ? <TopUpOutcome paymentId={paymentId} cancelled={params.get('cancelled') === 'true'} onDone={() => setParams({}, { replace: true })} /> : null;

  if (sub.isError) {
    return (
      <div className="screen">
        <PageHeader title="Add balance" />
        <ErrorState error={sub.error} onRetry={() => void sub.refetch()} />
      </div>
    );
  }
  if (sub.data === null) {
    return (
      <div className="screen">
        <PageHeader title="Add balance" />
        <Panel>
          <EmptyState icon="pi pi-wallet" title="No balance to top up">
            The platform&apos;s own account has no plan. Credit a seller from <Link to={paths.clients.list}>Clients</Link>.
          </EmptyState>
        </Panel>
      </div>
    );
  }
  return (
    <div className="screen">
      <PageHeader
        title="Add balance"
        description={
          <>
            Balance now: <strong data-testid="balance">{sub.data ? formatMoney(sub.data.balance) : <Skeleton width="4rem" height="1rem" />}</strong> ·{' '}
            <Link to={paths.subscriptions.list}>Back to your subscription</Link>
          </>
        }
      />
      <div className="grid-2">
        <CardTopUpPanel canPay={user.data?.role === 'ADMIN'} outcome={outcome} />
        <BankTransferPanel sub={sub.data} />
      </div>
    </div>
  );
}
