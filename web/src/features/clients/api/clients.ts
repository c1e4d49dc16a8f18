import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ClientDetailQuery, ClientShopsQuery, ClientSubscriptionFilter, ClientUsersQuery, ClientsQuery, ConsolePlansQuery, SubscriptionPlanInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const ClientsDocument = graphql(`
  query Clients($filter: ClientSubscriptionFilter) {
    getClientSubscriptions(filter: $filter) {
      items {
        id
        balance
        endDate
        isActive
        isExpired
        totalShops
        totalUsers
        client {
          id
          name
          key
          createdAt
        }
        plan {
          id
          type
        }
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const ClientDetailDocument = graphql(`
  query ClientDetail($clientId: ID!) {
    getClientSubscription(clientId: $clientId) {
      id
      startDate
      endDate
      balance
      isActive
      isExpired
      totalShops
      totalUsers
      listingsThisMonth
      fulfillmentsThisMonth
      bankTransferReference
      client {
        id
        name
        key
        isActive
        createdAt
      }
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
      }
    }
  }
`);

export const ClientTransactionsDocument = graphql(`
  query ClientTransactions($clientId: ID!, $limit: Int, $page: Int) {
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

export const ClientUsersDocument = graphql(`
  query ClientUsers($clientId: ID!, $limit: Int, $page: Int) {
    getUsers(clientId: $clientId, limit: $limit, page: $page) {
      items {
        id
        email
        firstName
        lastName
        role
        createdAt
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const ClientShopsDocument = graphql(`
  query ClientShops($filter: ShopFilter) {
    getShops(filter: $filter) {
      items {
        id
        name
        saleChannel
        targetMarket
        connection
        createdAt
        lastSyncedAt
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const AddClientBalanceDocument = graphql(`
  mutation AddClientBalance($clientId: ID!, $amount: Float!, $note: String) {
    addClientBalance(clientId: $clientId, amount: $amount, note: $note) {
      id
      balance
    }
  }
`);

export const UpdateClientDocument = graphql(`
  mutation UpdateClient($id: ID!, $input: UpdateClientInput!) {
    updateClient(id: $id, input: $input) {
      id
      name
      isActive
    }
  }
`);

export type ClientRow = ClientsQuery['getClientSubscriptions']['items'][number];
export type ClientDetail = NonNullable<ClientDetailQuery['getClientSubscription']>;
export type ClientUser = ClientUsersQuery['getUsers']['items'][number];
export type ClientShop = ClientShopsQuery['getShops']['items'][number];

export const clientsKeys = {
  all: rootKeys.billing,
  list: (filter: ClientSubscriptionFilter) => [...rootKeys.billing, 'clients', filter] as const,
  detail: (clientId: string) => [...rootKeys.billing, 'client', clientId] as const,
  transactions: (clientId: string, page: number, limit: number) => [...rootKeys.billing, 'transactions', clientId, { page, limit }] as const,
  users: (clientId: string, page: number, limit: number) => [...rootKeys.billing, 'client-users', clientId, { page, limit }] as const,
  shops: (clientId: string, page: number, limit: number) => [...rootKeys.billing, 'client-shops', clientId, { page, limit }] as const,
  plans: () => [...rootKeys.billing, 'plans'] as const,
};

export const getClients = (client: ApiClient, filter: ClientSubscriptionFilter) => client.request(ClientsDocument, { filter }).then((r) => r.getClientSubscriptions);

export const clientsQueryOptions = (client: ApiClient, filter: ClientSubscriptionFilter) =>
  queryOptions({ queryKey: clientsKeys.list(filter), queryFn: () => getClients(client, filter), placeholderData: keepPreviousData });

export function useClients(filter: ClientSubscriptionFilter) {
  return useQuery(clientsQueryOptions(useApiClient(), filter));
}

export const getClientDetail = (client: ApiClient, clientId: string) =>
  client.request(ClientDetailDocument, { clientId }).then((r) => r.getClientSubscription ?? null);

export const clientDetailQueryOptions = (client: ApiClient, clientId: string) =>
  queryOptions({ queryKey: clientsKeys.detail(clientId), queryFn: () => getClientDetail(client, clientId) });

export function useClientDetail(clientId: string) {
  return useQuery(clientDetailQueryOptions(useApiClient(), clientId));
}

export const getClientTransactions = (client: ApiClient, clientId: string, page: number, limit: number) =>
  client.request(ClientTransactionsDocument, { clientId, page, limit }).then((r) => r.getTransactionPage);

export const clientTransactionsQueryOptions = (client: ApiClient, clientId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: clientsKeys.transactions(clientId, page, limit),
    queryFn: () => getClientTransactions(client, clientId, page, limit),
    placeholderData: keepPreviousData,
  });

export function useClientTransactions(clientId: string, page: number, limit: number) {
  return useQuery(clientTransactionsQueryOptions(useApiClient(), clientId, page, limit));
}

export const getClientUsers = (client: ApiClient, clientId: string, page: number, limit: number) =>
  client.request(ClientUsersDocument, { clientId, page, limit }).then((r) => r.getUsers);

export const clientUsersQueryOptions = (client: ApiClient, clientId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: clientsKeys.users(clientId, page, limit),
    queryFn: () => getClientUsers(client, clientId, page, limit),
    placeholderData: keepPreviousData,
  });

/** A client's users as the console sees them (SUPER_ADMIN), paged on the server. */
export function useClientUsers(clientId: string, page: number, limit: number) {
  return useQuery(clientUsersQueryOptions(useApiClient(), clientId, page, limit));
}

export const getClientShops = (client: ApiClient, clientId: string, page: number, limit: number) =>
  client.request(ClientShopsDocument, { filter: { clientId, page, limit } }).then((r) => r.getShops);

export const clientShopsQueryOptions = (client: ApiClient, clientId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: clientsKeys.shops(clientId, page, limit),
    queryFn: () => getClientShops(client, clientId, page, limit),
    placeholderData: keepPreviousData,
  });

/** A client's shops as the console sees them (SUPER_ADMIN), paged on the server. */
export function useClientShops(clientId: string, page: number, limit: number) {
  return useQuery(clientShopsQueryOptions(useApiClient(), clientId, page, limit));
}

export interface AddBalanceVars {
  clientId: string;
  amount: number;
  note: string;
}

export const addClientBalance = (client: ApiClient, v: AddBalanceVars) =>
  client.request(AddClientBalanceDocument, { clientId: v.clientId, amount: v.amount, note: v.note.trim() || null }).then((r) => r.addClientBalance);

/** A credit by hand (a bank transfer received); its errors stay in the dialog. */
export function useAddClientBalance() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: AddBalanceVars) => addClientBalance(client, v),
    meta: { silentError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.billing }),
  });
}

export const updateClient = (client: ApiClient, v: { id: string; isActive: boolean }) =>
  client.request(UpdateClientDocument, { id: v.id, input: { isActive: v.isActive } }).then((r) => r.updateClient);

export function useSetClientActive() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; isActive: boolean }) => updateClient(client, v),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.billing }),
  });
}

export const ConsolePlansDocument = graphql(`
  query ConsolePlans {
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

export const UpdateSubscriptionPlanDocument = graphql(`
  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanInput!) {
    updateSubscriptionPlan(id: $id, input: $input) {
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

export type ConsolePlan = ConsolePlansQuery['getAllSubscriptionPlans'][number];

export const consolePlansQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: clientsKeys.plans(), queryFn: () => client.request(ConsolePlansDocument).then((r) => r.getAllSubscriptionPlans) });

export function useConsolePlans() {
  return useQuery(consolePlansQueryOptions(useApiClient()));
}

export const updateSubscriptionPlan = (client: ApiClient, v: { id: string; input: SubscriptionPlanInput }) =>
  client.request(UpdateSubscriptionPlanDocument, v).then((r) => r.updateSubscriptionPlan);

/** A plan's new terms; refusals stay on the form. Sellers' comparison reads the plans again. */
export function useUpdateSubscriptionPlan() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: SubscriptionPlanInput }) => updateSubscriptionPlan(client, v),
    meta: { silentError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.billing }),
  });
}
