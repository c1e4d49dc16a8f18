import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel, StatCard } from '@/components/ui/panel';
import { PlanTag, planTypeLabels } from '@/components/ui/plan-tag';
import { LinesSkeleton } from '@/components/ui/skeletons';
import { TransactionsTable } from '@/components/ui/transactions-table';
import { paths } from '@/config/paths';
import { useCurrentUser, useTimezone } from '@/lib/auth';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { usePaging } from '@/lib/paging';
import { useMyTransactions, useMySubscription, usePlans, type MySubscription, type Plan } from '../api/subscriptions';
import { allowance } from './plan-terms';
import { SubscribeDialog } from './subscribe-dialog';

function UsageRow({ label, used, limit, testId }: { label: string; used: number; limit: number | null | undefined; testId: string }) {
  const unlimited = limit === null || limit === undefined;
  const share = unlimited ? 0 : limit === 0 ? (used > 0 ? 100 : 0) : Math.min(100, Math.round((used / limit) * 100));
  const over = !unlimited && used >= limit;
  return (
    <div className={`usage-row${over ? ' usage-over' : ''}`} data-testid={testId}>
      <div className="usage-head">
        <span>{label}</span>
        <span className="usage-count">
          {used.toLocaleString('en-US')} of {allowance(limit)}
        </span>
      </div>
      <ProgressBar value={unlimited ? 0 : share} showValue={false} style={{ height: '6px' }} aria-label={`${label}: ${used} of ${allowance(limit)}`} />
    </div>
  );
}

function UsagePanel({ sub }: { sub: MySubscription }) {
  const plan = sub.effectivePlan;
  return (
    <Panel title="Usage this month">
      <div className="usage-list">
        <UsageRow label="Connected shops" used={sub.totalShops} limit={plan?.maxShops} testId="usage-shops" />
        <UsageRow label="Listings" used={sub.listingsThisMonth} limit={plan?.monthlyListings} testId="usage-listings" />
        <UsageRow label="Fulfilment orders" used={sub.fulfillmentsThisMonth} limit={plan?.monthlyFulfillments} testId="usage-fulfillments" />
        <p className="muted small">Allowances count from the first of the month (UTC). Work beyond them waits for a bigger plan; reading never does.</p>
      </div>
    </Panel>
  );
}

/** The plan's own words, less the lines the comparison's rows already say (shops, allowances). */
const COVERED = /^(\d[\d,]*|unlimited)\s+(shops?|listings|fulfil?ment)/i;

/**
 * Every plan side by side: price (the list price struck when on sale), period, shop quota,
 * monthly allowances, promotions and what else each brings; the current plan is marked and
 * each other plan has its button to the confirmation.
 */
function PlanComparison({ plans, sub, canBuy, onChoose }: { plans: Plan[]; sub: MySubscription; canBuy: boolean; onChoose: (p: Plan) => void }) {
  const currentId = sub.isExpired ? null : sub.plan?.id;
  const rows: { label: string; cell: (p: Plan) => ReactNode }[] = [
    { label: 'Period', cell: (p) => (p.salePrice > 0 ? `${p.durationDays} days` : 'No end') },
    { label: 'Shops', cell: (p) => p.maxShops.toLocaleString('en-US') },
    { label: 'Listings a month', cell: (p) => allowance(p.monthlyListings) },
    { label: 'Fulfilment orders a month', cell: (p) => allowance(p.monthlyFulfillments) },
    { label: 'Flash-sale promotions', cell: (p) => (p.promotions ? <i className="pi pi-check" aria-label="Included" /> : <span className="muted">—</span>) },
    {
      label: 'Also',
      cell: (p) => {
        const extra = p.features.filter((f) => !COVERED.test(f));
        return extra.length ? (
          <ul className="plan-card-terms">
            {extra.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        );
      },
    },
  ];
  return (
    <div className="table-scroll">
      <table className="compare-table" data-testid="plans" aria-label="Plans compared">
        <thead>
          <tr>
            <th scope="col" />
            {plans.map((p) => (
              <th key={p.id} scope="col" className={p.id === currentId ? 'compare-current' : undefined} data-testid={`plan-${p.type}`}>
                <div className="plan-card-head">
                  <PlanTag type={p.type} />
                  {p.id === currentId ? <Tag value="Current" severity="info" /> : null}
                </div>
                <div>
                  <span className="plan-card-price">{p.salePrice > 0 ? formatMoney(p.salePrice) : 'Free'}</span>
                  {p.basePrice > p.salePrice ? <span className="price-was">{formatMoney(p.basePrice)}</span> : null}
                </div>
                {p.description ? <div className="muted small compare-description">{p.description}</div> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              {plans.map((p) => (
                <td key={p.id} className={p.id === currentId ? 'compare-current' : undefined} data-testid={`plan-${p.type}-${r.label}`}>
                  {r.cell(p)}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" />
            {plans.map((p) => {
              const current = p.id === currentId;
              return (
                <td key={p.id} className={current ? 'compare-current' : undefined}>
                  <Button
                    label={current ? 'Current' : 'Choose'}
                    aria-label={current ? `${planTypeLabels[p.type]} is your plan` : `Choose ${planTypeLabels[p.type]}`}
                    size="small"
                    className="w-full"
                    outlined={!current}
                    disabled={current || !canBuy}
                    onClick={() => onChoose(p)}
                    data-testid={`choose-${p.type}`}
                  />
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** When the plan renews and whether the balance covers it, so a seller tops up in time. */
function RenewalPanel({ sub, timezone }: { sub: MySubscription; timezone: string }) {
  const plan = sub.plan;
  const renews = !!plan && plan.salePrice > 0 && !!sub.endDate && !sub.isExpired;
  const short = renews ? Math.max(0, Math.round((plan.salePrice - sub.balance) * 100) / 100) : 0;
  return (
    <Panel title="Renewal">
      <div className="stack" data-testid="renewal">
        {renews ? (
          <>
            <p>
              The {planTypeLabels[plan.type]} plan renews on <strong>{formatDate(sub.endDate, timezone)}</strong> for <strong>{formatMoney(plan.salePrice)}</strong>, taken from the
              balance.
            </p>
            {short > 0 ? (
              <div className="banner banner-warning renewal-banner" role="status" data-testid="renewal-short">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" />
                <span>The balance is {formatMoney(short)} short of the renewal: add balance before then, or the account falls back to Free&apos;s limits.</span>
              </div>
            ) : (
              <p className="muted" data-testid="renewal-covered">
                The balance covers it.
              </p>
            )}
          </>
        ) : sub.isExpired ? (
          <p>The paid period has ended. Choose a plan below to lift Free&apos;s limits again; nothing you made was lost.</p>
        ) : (
          <p>Free has no end date and costs nothing. A paid plan lifts the limits for its period and renews from the balance.</p>
        )}
        <p className="muted small">We mail your admins a few days before the end, and if a renewal fails.</p>
      </div>
    </Panel>
  );
}

function PlanComparisonSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading plans" data-testid="plans-loading" className="stack">
      <div className="plan-grid">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="stack-sm">
            <Skeleton width="5rem" height="1.4rem" />
            <Skeleton width="6rem" height="1.8rem" />
          </div>
        ))}
      </div>
      <LinesSkeleton lines={6} label="Loading plan terms" />
    </div>
  );
}

function StatsSkeleton() {
  return (
    <div className="stat-grid" aria-busy="true" aria-label="Loading subscription" data-testid="subscription-loading">
      {['Plan', 'Balance', 'Period', 'Shops'].map((l) => (
        <StatCard key={l} label={l} value={<Skeleton width="6rem" height="1.6rem" />} icon="pi pi-wallet" tone="slate" />
      ))}
    </div>
  );
}

function Stats({ sub, timezone }: { sub: MySubscription; timezone: string }) {
  const planType = sub.plan?.type ?? 'FREE';
  return (
    <div className="stat-grid" data-testid="subscription-stats">
      <StatCard
        label="Plan"
        icon="pi pi-star"
        tone={sub.isExpired ? 'red' : 'indigo'}
        value={<span data-testid="current-plan">{planTypeLabels[sub.isExpired ? 'FREE' : planType]}</span>}
        hint={
          sub.isExpired ? (
            <span data-testid="plan-expired">
              {planTypeLabels[planType]} ended {formatDate(sub.endDate, timezone)}: Free limits apply
            </span>
          ) : sub.endDate ? (
            'Renews from the balance'
          ) : (
            'No end date'
          )
        }
      />
      <StatCard label="Balance" icon="pi pi-wallet" tone="green" value={<span data-testid="balance">{formatMoney(sub.balance)}</span>} hint={<Link to={paths.subscriptions.addBalance}>Add balance</Link>} />
      <StatCard
        label="Period"
        icon="pi pi-calendar"
        tone={sub.isExpired ? 'orange' : 'blue'}
        value={<span data-testid="period-end">{sub.endDate ? formatDate(sub.endDate, timezone) : '—'}</span>}
        hint={sub.startDate ? `Started ${formatDate(sub.startDate, timezone)}` : 'Not started'}
      />
      <StatCard label="Shops" icon="pi pi-shop" tone="slate" value={`${sub.totalShops} of ${sub.effectivePlan?.maxShops ?? '—'}`} hint="Connected now" />
    </div>
  );
}

/**
 * The seller's plan: what it is and until when (an ended paid period falls back to Free),
 * the balance that pays for it, what this month used of its allowances, the plans to switch
 * to (each through a confirmation with the debit) and the balance's transactions.
 */
export function SubscriptionsScreen() {
  const timezone = useTimezone();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const clientId = user.data?.client?.id;
  const sub = useMySubscription(clientId);
  const plans = usePlans();
  const paging = usePaging('transactions.pageSize', null, 10);
  const transactions = useMyTransactions(clientId, paging.page, paging.pageSize);
  // The API lets only a client's ADMIN change its plan.
  const canBuy = user.data?.role === 'ADMIN';
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [chosenAt, setChosenAt] = useState(0);

  const header = (
    <PageHeader
      title="Subscription"
      description="Your plan, the balance that pays for it, and its transactions."
      actions={
        <Button label="Add balance" icon="pi pi-plus" onClick={() => void navigate(paths.subscriptions.addBalance)} data-testid="add-balance-link" />
      }
    />
  );

  if (sub.isError) {
    return (
      <div className="screen">
        {header}
        <ErrorState error={sub.error} onRetry={() => void sub.refetch()} />
      </div>
    );
  }
  if (sub.data === null) {
    return (
      <div className="screen">
        <PageHeader title="Subscription" />
        <Panel>
          <div data-testid="no-subscription">
            <EmptyState icon="pi pi-wallet" title="No subscription">
              The platform&apos;s own account has no plan. Sellers&apos; plans and balances are in <Link to={paths.clients.list}>Clients</Link>.
            </EmptyState>
          </div>
        </Panel>
      </div>
    );
  }
  const data = sub.data;

  return (
    <div className="screen">
      {header}
      {data ? <Stats sub={data} timezone={timezone} /> : <StatsSkeleton />}
      {data?.isExpired ? (
        <div className="banner banner-warning" role="status" data-testid="expired-banner">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>
            Your {planTypeLabels[data.plan?.type ?? 'FREE']} plan ended and could not be renewed from the balance. Your data is kept; Free&apos;s limits apply until you
            subscribe again.
          </span>
        </div>
      ) : null}
      <div className="grid-2">
        {data ? (
          <UsagePanel sub={data} />
        ) : (
          <Panel title="Usage this month">
            <LinesSkeleton lines={5} label="Loading usage" />
          </Panel>
        )}
        {data ? (
          <RenewalPanel sub={data} timezone={timezone} />
        ) : (
          <Panel title="Renewal">
            <LinesSkeleton lines={4} label="Loading renewal" />
          </Panel>
        )}
      </div>
      <Panel title="Plans" actions={canBuy ? null : <span className="muted small" data-testid="plans-admin-only">Only an admin of your account can change the plan.</span>}>
        {plans.isError ? (
          <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data && data ? (
          <PlanComparison
            plans={plans.data}
            sub={data}
            canBuy={canBuy}
            onChoose={(p) => {
              setChosenAt(Date.now());
              setChosen(p);
            }}
          />
        ) : (
          <PlanComparisonSkeleton />
        )}
      </Panel>
      <Panel title="Transactions" flush>
        <TransactionsTable query={transactions} paging={paging} timezone={timezone} />
      </Panel>
      {data && chosen ? <SubscribeDialog plan={chosen} subscription={data} now={chosenAt} onHide={() => setChosen(null)} /> : null}
    </div>
  );
}
