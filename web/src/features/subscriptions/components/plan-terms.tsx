import type { Plan } from '../api/subscriptions';

/** "Unlimited" for an allowance without a cap. */
export const allowance = (n: number | null | undefined) => (n === null || n === undefined ? 'Unlimited' : n.toLocaleString('en-US'));

/** What a plan gives, one line each, as the comparison and the confirmation show it. */
export function planTerms(plan: Plan): string[] {
  return [
    plan.salePrice > 0 ? `${plan.durationDays} days` : 'No end date',
    `${plan.maxShops} shop${plan.maxShops === 1 ? '' : 's'}`,
    `${allowance(plan.monthlyListings)} listings a month`,
    `${allowance(plan.monthlyFulfillments)} fulfilments a month`,
    ...(plan.promotions ? ['Flash-sale promotions'] : []),
    ...plan.features,
  ];
}
