import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { OrderFilter } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const DashboardSummaryDocument = graphql(`
  query DashboardSummary($filter: OrderFilter) {
    getOrderSummary(filter: $filter) {
      totalOrders
      revenueEstimate
      ffTotalAmount
      totalRefund
      totalNetAmount
    }
  }
`);

export const DashboardNeedActionDocument = graphql(`
  query DashboardNeedAction($filter: OrderFilter) {
    getOrderNeedAction(filter: $filter) {
      orderNeedIn24h
      orderOverDate
    }
  }
`);

export const DashboardSoldProductsDocument = graphql(`
  query DashboardSoldProducts($filter: OrderFilter) {
    getSoldProducts(filter: $filter) {
      totalSold
      sellerProductId
      productName
      productImage
    }
  }
`);

export const DashboardDayStatsDocument = graphql(`
  query DashboardDayStats($filter: OrderFilter) {
    getOrderStats(filter: $filter) {
      date
      orders
      revenue
      net
    }
  }
`);

export const DashboardFailedJobsDocument = graphql(`
  query DashboardFailedJobs($filter: EventHistoryFilter) {
    getEventHistories(filter: $filter) {
      items {
        id
        type
        error
        attempts
        updatedAt
      }
      pageInfo {
        totalCount
      }
    }
  }
`);

export const DashboardCatalogueSizeDocument = graphql(`
  query DashboardCatalogueSize {
    getProducts(filter: { limit: 1, page: 1 }) {
      pageInfo {
        totalCount
      }
    }
  }
`);

/**
 * The dashboard shows order data, so its keys live under the orders' root: a status change or
 * a sync refreshes the cards with the list. The failed jobs are the monitors' data.
 */
export const dashboardKeys = {
  summary: (filter: OrderFilter) => [...rootKeys.orders, 'dashboard', 'summary', filter] as const,
  needAction: (filter: OrderFilter) => [...rootKeys.orders, 'dashboard', 'need-action', filter] as const,
  soldProducts: (filter: OrderFilter) => [...rootKeys.orders, 'dashboard', 'sold-products', filter] as const,
  dayStats: (filter: OrderFilter) => [...rootKeys.orders, 'dashboard', 'day-stats', filter] as const,
  failedJobs: () => [...rootKeys.monitors, 'dashboard', 'failed-jobs'] as const,
  /** Under the products' root: creating or deleting products refreshes it. */
  catalogueSize: () => [...rootKeys.products, 'dashboard', 'size'] as const,
};

/** The dashboard keeps itself current while it is open (new orders trickle in). */
const REFRESH_MS = 60_000;

export const getSummary = (client: ApiClient, filter: OrderFilter) => client.request(DashboardSummaryDocument, { filter }).then((r) => r.getOrderSummary);
export const summaryQueryOptions = (client: ApiClient, filter: OrderFilter) =>
  queryOptions({ queryKey: dashboardKeys.summary(filter), queryFn: () => getSummary(client, filter), refetchInterval: REFRESH_MS });
export const useSummary = (filter: OrderFilter) => useQuery(summaryQueryOptions(useApiClient(), filter));

export const getNeedAction = (client: ApiClient, filter: OrderFilter) => client.request(DashboardNeedActionDocument, { filter }).then((r) => r.getOrderNeedAction);
export const needActionQueryOptions = (client: ApiClient, filter: OrderFilter) =>
  queryOptions({ queryKey: dashboardKeys.needAction(filter), queryFn: () => getNeedAction(client, filter), refetchInterval: REFRESH_MS });
export const useNeedAction = (filter: OrderFilter) => useQuery(needActionQueryOptions(useApiClient(), filter));

export const getSoldProducts = (client: ApiClient, filter: OrderFilter) => client.request(DashboardSoldProductsDocument, { filter }).then((r) => r.getSoldProducts);
export const soldProductsQueryOptions = (client: ApiClient, filter: OrderFilter) =>
  queryOptions({ queryKey: dashboardKeys.soldProducts(filter), queryFn: () => getSoldProducts(client, filter), refetchInterval: REFRESH_MS });
export const useSoldProducts = (filter: OrderFilter) => useQuery(soldProductsQueryOptions(useApiClient(), filter));

export const getDayStats = (client: ApiClient, filter: OrderFilter) => client.request(DashboardDayStatsDocument, { filter }).then((r) => r.getOrderStats);
export const dayStatsQueryOptions = (client: ApiClient, filter: OrderFilter) =>
  queryOptions({ queryKey: dashboardKeys.dayStats(filter), queryFn: () => getDayStats(client, filter), refetchInterval: REFRESH_MS });
export const useDayStats = (filter: OrderFilter) => useQuery(dayStatsQueryOptions(useApiClient(), filter));

/** How many failed jobs the dashboard lists. */
export const FAILED_JOBS_SHOWN = 5;

export const getFailedJobs = (client: ApiClient) =>
  client.request(DashboardFailedJobsDocument, { filter: { status: 'FAILED', limit: FAILED_JOBS_SHOWN, page: 1 } }).then((r) => r.getEventHistories);
export const failedJobsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: dashboardKeys.failedJobs(), queryFn: () => getFailedJobs(client), refetchInterval: REFRESH_MS });
export function useFailedJobs(enabled: boolean) {
  return useQuery({ ...failedJobsQueryOptions(useApiClient()), enabled });
}

/** How many products the catalogue holds: an empty one gets the first-product path. */
export const getCatalogueSize = (client: ApiClient) => client.request(DashboardCatalogueSizeDocument).then((r) => r.getProducts.pageInfo.totalCount);
export const catalogueSizeQueryOptions = (client: ApiClient) => queryOptions({ queryKey: dashboardKeys.catalogueSize(), queryFn: () => getCatalogueSize(client) });
export const useCatalogueSize = () => useQuery(catalogueSizeQueryOptions(useApiClient()));
