import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  CreateFulfillmentOrderInput,
  CreateSimpleFulfillmentOrderInput,
  FulfillmentDesignsQuery,
  FulfillmentOrderDetailQuery,
  FulfillmentOrderFilter,
  FulfillmentOrdersQuery,
  FulfillmentSkuMappingsQuery,
  FulfillmentSourceOrderQuery,
} from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const FulfillmentOrdersDocument = graphql(`
  query FulfillmentOrders($filter: FulfillmentOrderFilter) {
    getFulfillmentOrders(filter: $filter) {
      items {
        id
        externalId
        refOrderId
        status
        providerStatus
        error
        totalAmount
        trackingNumber
        trackingUrl
        trackingCompany
        shippingName
        shippingCity
        shippingRegionCode
        createdAt
        updatedAt
        provider {
          id
          provider
          name
        }
        order {
          id
          externalOrderId
          shop {
            id
            name
          }
        }
        items {
          id
          quantity
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

export const FulfillmentOrderDetailDocument = graphql(`
  query FulfillmentOrderDetail($orderId: ID!) {
    getFulfillmentOrderById(orderId: $orderId) {
      id
      externalId
      refOrderId
      status
      providerStatus
      error
      totalAmount
      labelUrl
      trackingNumber
      trackingUrl
      trackingCompany
      shippingName
      shippingPhone
      shippingAddress1
      shippingAddress2
      shippingCity
      shippingState
      shippingPostalCode
      shippingRegionCode
      shippingMethod
      createdAt
      submittedAt
      updatedAt
      provider {
        id
        provider
        name
      }
      order {
        id
        externalOrderId
        shop {
          id
          name
        }
      }
      items {
        id
        fulfillmentSku
        quantity
        image
        designFrontUrl
        designBackUrl
        bgColorCode
        cost
      }
    }
  }
`);

export const CreateFulfillmentOrderDocument = graphql(`
  mutation CreateFulfillmentOrder($input: CreateFulfillmentOrderInput!) {
    createFulfillmentOrder(input: $input) {
      id
      status
      externalId
      totalAmount
    }
  }
`);

export const CreateSimpleFulfillmentOrderDocument = graphql(`
  mutation CreateSimpleFulfillmentOrder($input: CreateSimpleFulfillmentOrderInput!) {
    createSimpleFulfillmentOrder(input: $input)
  }
`);

export const RemoveFulfillmentOrderDocument = graphql(`
  mutation RemoveFulfillmentOrder($orderId: ID!) {
    removeFulfillmentOrder(orderId: $orderId)
  }
`);

/** A marketplace order as the create screen needs it: its items and where it goes. */
export const FulfillmentSourceOrderDocument = graphql(`
  query FulfillmentSourceOrder($orderId: ID!) {
    getOrderById(orderId: $orderId) {
      id
      externalOrderId
      recipientName
      recipientPhone
      recipientAddress
      recipientAddress1
      recipientAddress2
      recipientCity
      recipientState
      recipientRegionCode
      recipientPostalCode
      shop {
        id
        name
      }
      items {
        id
        productName
        skuName
        skuImage
        quantity
        sellerSku
        skuId
        catalogueProductId
      }
    }
  }
`);

/** The designs kept for a catalogue product: its print files. */
export const FulfillmentDesignsDocument = graphql(`
  query FulfillmentDesigns($filter: ProductDesignFilter) {
    getFullListProductDesigns(filter: $filter) {
      id
      variant
      designFrontUrl
      designBackUrl
    }
  }
`);

export const FulfillmentSkuMappingsDocument = graphql(`
  query FulfillmentSkuMappings($providerId: ID!, $orderItemIds: [ID!]!) {
    getFulfillmentSkuMappings(providerId: $providerId, orderItemIds: $orderItemIds) {
      orderItemId
      fulfillmentSku
      designFrontUrl
      designBackUrl
      fromTemplate
      cost
    }
  }
`);

export type FulfillmentOrderRow = FulfillmentOrdersQuery['getFulfillmentOrders']['items'][number];
export type FulfillmentOrderDetail = FulfillmentOrderDetailQuery['getFulfillmentOrderById'];
export type SourceOrder = FulfillmentSourceOrderQuery['getOrderById'];
export type SourceItem = SourceOrder['items'][number];
export type ProductDesign = FulfillmentDesignsQuery['getFullListProductDesigns'][number];
export type SkuMapping = FulfillmentSkuMappingsQuery['getFulfillmentSkuMappings'][number];

export const fulfillmentOrdersKeys = {
  all: rootKeys.fulfillmentOrders,
  list: (filter: FulfillmentOrderFilter) => [...rootKeys.fulfillmentOrders, 'list', filter] as const,
  detail: (id: string) => [...rootKeys.fulfillmentOrders, 'detail', id] as const,
  mappings: (providerId: string, orderItemIds: string[]) => [...rootKeys.fulfillmentOrders, 'mappings', providerId, orderItemIds] as const,
};

/** Another area's keys, under that area's root (features do not import each other). */
const sourceKeys = {
  order: (orderId: string) => [...rootKeys.orders, 'detail', orderId, 'for-fulfillment'] as const,
  designs: (productId: string) => [...rootKeys.designs, 'for-fulfillment', productId] as const,
};

/** Statuses after which nothing moves any more. */
export const isFinal = (status: FulfillmentOrderRow['status']) => status === 'COMPLETED' || status === 'CANCELLED';

/** How often an open order is read again while it is on screen (tracking arrives by itself). */
export const OPEN_ORDER_POLL_MS = 10_000;

export const getFulfillmentOrders = (client: ApiClient, filter: FulfillmentOrderFilter) =>
  client.request(FulfillmentOrdersDocument, { filter }).then((r) => r.getFulfillmentOrders);

/** How often a list page with open orders is read again (statuses and tracking move by themselves). */
export const OPEN_LIST_POLL_MS = 30_000;

export const fulfillmentOrdersQueryOptions = (client: ApiClient, filter: FulfillmentOrderFilter) =>
  queryOptions({
    queryKey: fulfillmentOrdersKeys.list(filter),
    queryFn: () => getFulfillmentOrders(client, filter),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((o) => !isFinal(o.status)) ? OPEN_LIST_POLL_MS : false),
  });

export function useFulfillmentOrders(filter: FulfillmentOrderFilter) {
  return useQuery(fulfillmentOrdersQueryOptions(useApiClient(), filter));
}

export const getFulfillmentOrder = (client: ApiClient, orderId: string) =>
  client.request(FulfillmentOrderDetailDocument, { orderId }).then((r) => r.getFulfillmentOrderById);

export const fulfillmentOrderQueryOptions = (client: ApiClient, orderId: string) =>
  queryOptions({
    queryKey: fulfillmentOrdersKeys.detail(orderId),
    queryFn: () => getFulfillmentOrder(client, orderId),
    // An open order is followed: the provider's acceptance and its tracking arrive on their own.
    refetchInterval: (query) => (query.state.data && !isFinal(query.state.data.status) ? OPEN_ORDER_POLL_MS : false),
  });

export function useFulfillmentOrder(orderId: string) {
  return useQuery(fulfillmentOrderQueryOptions(useApiClient(), orderId));
}

export const createFulfillmentOrder = (client: ApiClient, input: CreateFulfillmentOrderInput) =>
  client.request(CreateFulfillmentOrderDocument, { input }).then((r) => r.createFulfillmentOrder);

/**
 * One marketplace order to a provider. Failures are shown beside the order they belong to
 * (a bulk send lists each order's own), so no toast.
 */
export function useCreateFulfillmentOrder() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: CreateFulfillmentOrderInput) => createFulfillmentOrder(client, input),
    meta: { silentError: true },
  });
}

export const createSimpleFulfillmentOrder = (client: ApiClient, input: CreateSimpleFulfillmentOrderInput) =>
  client.request(CreateSimpleFulfillmentOrderDocument, { input }).then((r) => r.createSimpleFulfillmentOrder);

export function useCreateSimpleFulfillmentOrder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSimpleFulfillmentOrderInput) => createSimpleFulfillmentOrder(client, input),
    meta: { silentError: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fulfillmentOrdersKeys.all }),
  });
}

/** What a send changed: the fulfilment list, and the marketplace orders' status and profit. */
export function useAfterSend() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: fulfillmentOrdersKeys.all });
    void queryClient.invalidateQueries({ queryKey: rootKeys.orders });
  };
}

export const removeFulfillmentOrder = (client: ApiClient, orderId: string) =>
  client.request(RemoveFulfillmentOrderDocument, { orderId }).then((r) => r.removeFulfillmentOrder);

/** Cancels at the provider; a CONFLICT (too late at the provider) stays in the dialog. */
export function useRemoveFulfillmentOrder() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => removeFulfillmentOrder(client, orderId),
    meta: { silentError: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: fulfillmentOrdersKeys.all });
      void queryClient.invalidateQueries({ queryKey: rootKeys.orders });
    },
  });
}

export const getSourceOrder = (client: ApiClient, orderId: string) =>
  client.request(FulfillmentSourceOrderDocument, { orderId }).then((r) => r.getOrderById);

export const sourceOrderQueryOptions = (client: ApiClient, orderId: string) =>
  queryOptions({ queryKey: sourceKeys.order(orderId), queryFn: () => getSourceOrder(client, orderId) });

export const getProductDesigns = (client: ApiClient, productId: string) =>
  client.request(FulfillmentDesignsDocument, { filter: { productId } }).then((r) => r.getFullListProductDesigns);

export const productDesignsQueryOptions = (client: ApiClient, productId: string) =>
  queryOptions({ queryKey: sourceKeys.designs(productId), queryFn: () => getProductDesigns(client, productId), staleTime: 60_000 });

export const getSkuMappings = (client: ApiClient, providerId: string, orderItemIds: string[]) =>
  client.request(FulfillmentSkuMappingsDocument, { providerId, orderItemIds }).then((r) => r.getFulfillmentSkuMappings);

export const skuMappingsQueryOptions = (client: ApiClient, providerId: string, orderItemIds: string[]) =>
  queryOptions({
    queryKey: fulfillmentOrdersKeys.mappings(providerId, orderItemIds),
    queryFn: () => getSkuMappings(client, providerId, orderItemIds),
    // A server without saved mappings answers an error: the screen simply asks for every item.
    retry: false,
  });

export function useSkuMappings(providerId: string | null, orderItemIds: string[]) {
  return useQuery({ ...skuMappingsQueryOptions(useApiClient(), providerId ?? '', orderItemIds), enabled: !!providerId && orderItemIds.length > 0 });
}
