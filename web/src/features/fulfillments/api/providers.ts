import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { CreateFulfillmentProviderInput, FulfillmentProvidersQuery } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

/** The client's provider accounts (ADMIN): never a credential, only what identifies the account. */
export const FulfillmentProvidersDocument = graphql(`
  query FulfillmentProviders {
    getFulfillmentProviders {
      id
      provider
      name
      shopId
      createdAt
    }
  }
`);

/** The accounts a fulfilment order may go to, for pickers (anyone signed in). */
export const SimpleFulfillmentProvidersDocument = graphql(`
  query SimpleFulfillmentProviders {
    getSimpleFulfillmentProviders {
      id
      provider
      name
    }
  }
`);

export const CreateFulfillmentProviderDocument = graphql(`
  mutation CreateFulfillmentProvider($input: CreateFulfillmentProviderInput!) {
    createFulfillmentProvider(input: $input) {
      id
      provider
      name
      shopId
      createdAt
    }
  }
`);

export const RemoveFulfillmentProviderDocument = graphql(`
  mutation RemoveFulfillmentProvider($providerId: ID!) {
    removeFulfillmentProvider(providerId: $providerId)
  }
`);

/** The shops of the client's Printify account, so a seller can check the shop id they gave. */
export const PrintifyShopsDocument = graphql(`
  query PrintifyShops {
    getPrintifyShops {
      id
      title
      sales_channel
    }
  }
`);

export type ProviderAccount = FulfillmentProvidersQuery['getFulfillmentProviders'][number];

export const providersKeys = {
  all: rootKeys.fulfillmentProviders,
  list: () => [...rootKeys.fulfillmentProviders, 'list'] as const,
  options: () => [...rootKeys.fulfillmentProviders, 'options'] as const,
  printifyShops: () => [...rootKeys.fulfillmentProviders, 'printify-shops'] as const,
};

export const getProviders = (client: ApiClient) => client.request(FulfillmentProvidersDocument).then((r) => r.getFulfillmentProviders);

export const providersQueryOptions = (client: ApiClient) => queryOptions({ queryKey: providersKeys.list(), queryFn: () => getProviders(client) });

export function useProviders() {
  return useQuery(providersQueryOptions(useApiClient()));
}

export const getProviderOptions = (client: ApiClient) =>
  client.request(SimpleFulfillmentProvidersDocument).then((r) => r.getSimpleFulfillmentProviders);

export const providerOptionsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: providersKeys.options(), queryFn: () => getProviderOptions(client), staleTime: 60_000 });

export function useProviderOptions() {
  return useQuery(providerOptionsQueryOptions(useApiClient()));
}

export const getPrintifyShops = (client: ApiClient) => client.request(PrintifyShopsDocument).then((r) => r.getPrintifyShops);

export const printifyShopsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: providersKeys.printifyShops(), queryFn: () => getPrintifyShops(client), staleTime: 60_000 });

export function usePrintifyShops(enabled: boolean) {
  return useQuery({ ...printifyShopsQueryOptions(useApiClient()), enabled });
}

export const createProvider = (client: ApiClient, input: CreateFulfillmentProviderInput) =>
  client.request(CreateFulfillmentProviderDocument, { input }).then((r) => r.createFulfillmentProvider);

/**
 * Connects an account; the server checks the credentials with a live call before saving. Its
 * refusal is shown in the form (next to the field it names), not as a toast.
 */
export function useCreateProvider() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFulfillmentProviderInput) => createProvider(client, input),
    meta: { silentError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: providersKeys.all });
      void queryClient.invalidateQueries({ queryKey: rootKeys.fulfillmentCatalog });
    },
  });
}

export const removeProvider = (client: ApiClient, providerId: string) =>
  client.request(RemoveFulfillmentProviderDocument, { providerId }).then((r) => r.removeFulfillmentProvider);

/** Removes an account; refused (CONFLICT) while it has open orders: the dialog shows why. */
export function useRemoveProvider() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) => removeProvider(client, providerId),
    meta: { silentError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: providersKeys.all });
      void queryClient.invalidateQueries({ queryKey: rootKeys.fulfillmentCatalog });
    },
  });
}
