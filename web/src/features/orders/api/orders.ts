import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { OrderDetailQuery, OrderExportStatusQuery, OrderFilter, OrderStatus, OrdersQuery } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const OrdersDocument = graphql(`
  query Orders($filter: OrderFilter) {
    getOrders(filter: $filter) {
      items {
        id
        externalOrderId
        status
        marketplaceStatus
        totalAmount
        refundAmount
        createdAt
        shipByAt
        isLate
        isDueSoon
        recipientName
        shop {
          id
          name
          saleChannel
        }
        items {
          id
          productName
          skuName
          skuImage
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

/** How many orders each status has under the list's filters (the status set aside): the tabs. */
export const OrderStatusCountsDocument = graphql(`
  query OrderStatusCounts($filter: OrderFilter) {
    getOrderStatusCounts(filter: $filter) {
      status
      count
    }
  }
`);

export const OrderDetailDocument = graphql(`
  query OrderDetail($orderId: ID!) {
    getOrderById(orderId: $orderId) {
      id
      externalOrderId
      status
      marketplaceStatus
      allowedStatuses
      createdAt
      updatedAt
      shipByAt
      isLate
      isDueSoon
      totalAmount
      refundAmount
      revenueEstimate
      buyerEmail
      buyerMessage
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
        saleChannel
      }
      owner {
        id
        firstName
        lastName
      }
      items {
        id
        productName
        skuName
        skuImage
        quantity
        salePrice
        originalPrice
        sellerSku
        sellerProductId
        originProductUrl
      }
      profit {
        sale
        commissionFee
        transactionFee
        shippingFee
        totalFees
        feesSettled
        fulfillmentCost
        refund
        net
      }
      timeline {
        id
        source
        fromStatus
        toStatus
        marketplaceStatus
        createdAt
        user {
          id
          firstName
          lastName
        }
      }
    }
  }
`);

export const UpdateOrderStatusDocument = graphql(`
  mutation UpdateOrderStatus($orderId: ID!, $status: OrderStatus!) {
    updateOrderStatus(orderId: $orderId, status: $status) {
      id
      status
    }
  }
`);

export const ExportOrdersDocument = graphql(`
  mutation ExportOrders($filter: OrderFilter) {
    exportOrders(filter: $filter) {
      id
      status
      totalRows
      doneRows
      downloadUrl
      fileName
      error
      createdAt
    }
  }
`);

export const OrderExportStatusDocument = graphql(`
  query OrderExportStatus($id: ID!) {
    getOrderExport(id: $id) {
      id
      status
      totalRows
      doneRows
      downloadUrl
      fileName
      error
      createdAt
    }
  }
`);

export type OrderRow = OrdersQuery['getOrders']['items'][number];
export type OrderDetail = OrderDetailQuery['getOrderById'];
export type OrderExport = OrderExportStatusQuery['getOrderExport'];

/** The statuses a tab filters by, in the order a seller works through them. */
export const STATUS_TABS: OrderStatus[] = [
  'AWAITING_DESIGN',
  'AWAITING_FULFILLMENT',
  'FULFILLED',
  'AWAITING_SHIPMENT',
  'IN_TRANSIT',
  'DELIVERED',
  'COMPLETED',
  'CANCELLED',
  'REFUNDED',
];

export type StatusCounts = Record<OrderStatus | 'ALL', number>;

export const ordersKeys = {
  all: rootKeys.orders,
  list: (filter: OrderFilter) => [...rootKeys.orders, 'list', filter] as const,
  counts: (filter: OrderFilter) => [...rootKeys.orders, 'counts', filter] as const,
  detail: (id: string) => [...rootKeys.orders, 'detail', id] as const,
  export: (id: string) => [...rootKeys.orders, 'export', id] as const,
};

export const getOrders = (client: ApiClient, filter: OrderFilter) => client.request(OrdersDocument, { filter }).then((r) => r.getOrders);

export const ordersQueryOptions = (client: ApiClient, filter: OrderFilter) =>
  queryOptions({ queryKey: ordersKeys.list(filter), queryFn: () => getOrders(client, filter), placeholderData: keepPreviousData });

export function useOrders(filter: OrderFilter) {
  return useQuery(ordersQueryOptions(useApiClient(), filter));
}

/** Per status, and all of them together ("All" counts every status, as the list does without one). */
export async function getOrderStatusCounts(client: ApiClient, filter: OrderFilter): Promise<StatusCounts> {
  const r = await client.request(OrderStatusCountsDocument, { filter });
  const counts = Object.fromEntries([['ALL', 0], ...STATUS_TABS.map((s) => [s, 0])]) as StatusCounts;
  for (const { status, count } of r.getOrderStatusCounts) {
    counts[status] = count;
    counts.ALL += count;
  }
  return counts;
}

export const orderStatusCountsQueryOptions = (client: ApiClient, filter: OrderFilter) =>
  queryOptions({ queryKey: ordersKeys.counts(filter), queryFn: () => getOrderStatusCounts(client, filter), placeholderData: keepPreviousData });

export function useOrderStatusCounts(filter: OrderFilter) {
  return useQuery(orderStatusCountsQueryOptions(useApiClient(), filter));
}

export const getOrder = (client: ApiClient, orderId: string) => client.request(OrderDetailDocument, { orderId }).then((r) => r.getOrderById);

export const orderQueryOptions = (client: ApiClient, orderId: string) =>
  queryOptions({ queryKey: ordersKeys.detail(orderId), queryFn: () => getOrder(client, orderId) });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(useApiClient(), orderId));
}

export const updateOrderStatus = (client: ApiClient, v: { orderId: string; status: OrderStatus }) =>
  client.request(UpdateOrderStatusDocument, v).then((r) => r.updateOrderStatus);

/**
 * A status move. Its CONFLICT (a move the order no longer allows, e.g. the marketplace moved it
 * meanwhile) is shown in the dialog itself, not as a toast; either way the order is read again,
 * so the dialog offers what is allowed now.
 */
export function useUpdateOrderStatus() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; status: OrderStatus }) => updateOrderStatus(client, v),
    meta: { silentError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}

export const exportOrders = (client: ApiClient, filter: OrderFilter) => client.request(ExportOrdersDocument, { filter }).then((r) => r.exportOrders);

export function useExportOrders() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: OrderFilter) => exportOrders(client, filter),
    onSuccess: (exp) => queryClient.setQueryData(orderExportQueryOptions(client, exp.id).queryKey, exp),
  });
}

export const isExportDone = (e: Pick<OrderExport, 'status'>) => e.status === 'SUCCESS' || e.status === 'FAILED';

export const getOrderExport = (client: ApiClient, id: string) => client.request(OrderExportStatusDocument, { id }).then((r) => r.getOrderExport);

export const orderExportQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: ordersKeys.export(id),
    queryFn: () => getOrderExport(client, id),
    // Polls until the file is written (or the job failed).
    refetchInterval: (query) => (query.state.data && isExportDone(query.state.data) ? false : 1000),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export function useOrderExport(id: string) {
  return useQuery(orderExportQueryOptions(useApiClient(), id));
}

/**
 * The export's file. Its URL answers only with the bearer token, which a plain link cannot send:
 * the file is fetched here and handed to the browser as a download under its own name.
 */
export async function downloadExport(session: { token: string | null; fetch: typeof fetch }, exp: Pick<OrderExport, 'downloadUrl' | 'fileName'>): Promise<void> {
  if (!exp.downloadUrl) throw new Error('The export has no file yet.');
  const res = await session.fetch(exp.downloadUrl, { headers: session.token ? { authorization: `Bearer ${session.token}` } : {} });
  if (!res.ok) throw new Error(res.status === 404 ? 'The export file is gone: export again.' : `The download failed (status ${res.status}).`);
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = exp.fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the download; give it a moment before letting it go.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
