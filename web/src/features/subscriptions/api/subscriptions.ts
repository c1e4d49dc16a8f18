import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { MySubscriptionQuery, SubscriptionPlansQuery } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient, useSession } from '@/lib/session';

export const SubscriptionPlansDocument = graphql(`
  query SubscriptionPlans {
    getAllSubscriptionPlans {
      id
      type
      description
      features
      salePrice
      basePrice
      maxShops
      durationDays
      monthlyListings
      monthlyFulfillments
      promotions
    }
  }
`);

export const MySubscriptionDocument = graphql(`
  query MySubscription($clientId: ID!) {
    getClientSubscription(clientId: $clientId) {
      id
      startDate
      endDate
      balance
      isExpired
      totalShops
      listingsThisMonth
      fulfillmentsThisMonth
      bankTransferReference
      plan {
        id
        type
        salePrice
        durationDays
      }
      effectivePlan {
        id
        type
        maxShops
        monthlyListings
        monthlyFulfillments
        promotions
      }
    }
  }
`);

export const MyTransactionsDocument = graphql(`
  query MyTransactions($clientId: ID!, $limit: Int, $page: Int) {
    getTransactionPage(clientId: $clientId, limit: $limit, page: $page) {
      items {
        id
        createdAt
        amount
        content
        type
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const SubscribeAPlanDocument = graphql(`
  mutation SubscribeAPlan($planId: ID!) {
    subscribeAPlan(planId: $planId) {
      id
      startDate
      endDate
      balance
      plan {
        id
        type
      }
    }
  }
`);

export type Plan = SubscriptionPlansQuery['getAllSubscriptionPlans'][number];
export type MySubscription = NonNullable<MySubscriptionQuery['getClientSubscription']>;

export const subscriptionKeys = {
  all: rootKeys.billing,
  plans: () => [...rootKeys.billing, 'plans'] as const,
  mine: (clientId: string) => [...rootKeys.billing, 'subscription', clientId] as const,
  transactions: (clientId: string, page: number, limit: number) => [...rootKeys.billing, 'transactions', clientId, { page, limit }] as const,
};

export const getPlans = (client: ApiClient) => client.request(SubscriptionPlansDocument).then((r) => r.getAllSubscriptionPlans);

export const plansQueryOptions = (client: ApiClient) => queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: () => getPlans(client), staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions(useApiClient()));
}

export const getMySubscription = (client: ApiClient, clientId: string) =>
  client.request(MySubscriptionDocument, { clientId }).then((r) => r.getClientSubscription ?? null);

export const mySubscriptionQueryOptions = (client: ApiClient, clientId: string) =>
  queryOptions({ queryKey: subscriptionKeys.mine(clientId), queryFn: () => getMySubscription(client, clientId) });

/** The client's subscription (null for the platform's own client, which has none). */
export function useMySubscription(clientId: string | undefined, options: { refetchInterval?: number | false } = {}) {
  const client = useApiClient();
  return useQuery({ ...mySubscriptionQueryOptions(client, clientId ?? ''), enabled: !!clientId, refetchInterval: options.refetchInterval ?? false });
}

export const getMyTransactions = (client: ApiClient, clientId: string, page: number, limit: number) =>
  client.request(MyTransactionsDocument, { clientId, page, limit }).then((r) => r.getTransactionPage);

export const myTransactionsQueryOptions = (client: ApiClient, clientId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: subscriptionKeys.transactions(clientId, page, limit),
    queryFn: () => getMyTransactions(client, clientId, page, limit),
    placeholderData: keepPreviousData,
  });

export function useMyTransactions(clientId: string | undefined, page: number, limit: number) {
  const client = useApiClient();
  return useQuery({ ...myTransactionsQueryOptions(client, clientId ?? '', page, limit), enabled: !!clientId });
}

export const subscribeAPlan = (client: ApiClient, planId: string) => client.request(SubscribeAPlanDocument, { planId }).then((r) => r.subscribeAPlan);

/**
 * Buys a plan from the balance. Its errors are shown in the confirmation dialog, in words
 * (PAYMENT_REQUIRED: the balance is short), not as a toast. A purchase that went through pays
 * for what was refused before, so the need-payment banner goes.
 */
export function useSubscribeAPlan() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { setNeedPayment } = useSession();
  return useMutation({
    mutationFn: (planId: string) => subscribeAPlan(client, planId),
    meta: { silentError: true },
    onSuccess: () => setNeedPayment(false),
    // The shop quota and the plan shown elsewhere (the user menu, guards) come from here too.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: rootKeys.billing }), queryClient.invalidateQueries({ queryKey: rootKeys.auth })]),
  });
}

/**
 * The unused part of a running paid period the server credits on switching plans, as far as
 * the client can tell: the plan's price pro rata by the time left (the server uses what was
 * actually paid, rounded down to the cent, at the moment of the purchase).
 */
export function estimatedCredit(sub: Pick<MySubscription, 'startDate' | 'endDate' | 'plan'>, now: number): number {
  if (!sub.startDate || !sub.endDate || !sub.plan || sub.plan.salePrice <= 0) return 0;
  const start = Date.parse(sub.startDate);
  const end = Date.parse(sub.endDate);
  if (!(end > now) || !(end > start)) return 0;
  const left = Math.min(end - Math.max(now, start), end - start);
  return Math.floor((sub.plan.salePrice * 100 * left) / (end - start)) / 100;
}
