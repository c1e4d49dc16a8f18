import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { graphql } from '@/gql';
import type { MySubscriptionQuery, SubscriptionPlansQuery, TopUpPaymentQuery } from '@/gql/graphql';
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
  topUp: (id: string) => [...rootKeys.billing, 'top-up', id] as const,
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

export const CreateTopUpCheckoutDocument = graphql(`
  mutation CreateTopUpCheckout($amount: Float!) {
    createTopUpCheckout(amount: $amount) {
      url
      payment {
        id
        amount
        status
      }
    }
  }
`);

export const TopUpPaymentDocument = graphql(`
  query TopUpPayment($id: ID!) {
    getTopUpPayment(id: $id) {
      id
      amount
      currency
      status
      createdAt
      paidAt
    }
  }
`);

export type TopUpPayment = TopUpPaymentQuery['getTopUpPayment'];

/** The bounds the server holds a card top-up to (the rest goes by bank transfer). */
export const TOP_UP_MIN = 5;
export const TOP_UP_MAX = 10_000;

export const createTopUpCheckout = (client: ApiClient, amount: number) => client.request(CreateTopUpCheckoutDocument, { amount }).then((r) => r.createTopUpCheckout);

/** Starts a card top-up; the screen sends the seller to the provider's page. Errors stay on the form. */
export function useCreateTopUpCheckout() {
  const client = useApiClient();
  return useMutation({ mutationFn: (amount: number) => createTopUpCheckout(client, amount), meta: { silentError: true } });
}

export const getTopUpPayment = (client: ApiClient, id: string) => client.request(TopUpPaymentDocument, { id }).then((r) => r.getTopUpPayment);

export const topUpPaymentQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: subscriptionKeys.topUp(id),
    queryFn: () => getTopUpPayment(client, id),
    // The provider's confirmation may arrive a moment after the seller does: read again until it settles.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 1500 : false),
    staleTime: 0,
  });

/** A card top-up the seller came back from; once paid, the balance shown everywhere is read again. */
export function useTopUpPayment(id: string | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { setNeedPayment } = useSession();
  const query = useQuery({ ...topUpPaymentQueryOptions(client, id ?? ''), enabled: !!id });
  const paid = query.data?.status === 'PAID';
  useEffect(() => {
    if (!paid) return;
    setNeedPayment(false);
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all, predicate: (q) => q.queryKey[1] !== 'top-up' });
  }, [paid, queryClient, setNeedPayment]);
  return query;
}
