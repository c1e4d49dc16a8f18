import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  BulkUpdateTiktokPromotionInput,
  CreateTiktokPromotionScheduleInput,
  GetTiktokPromotionsQuery,
  PromotionJobsQuery,
  ShopActivitiesQuery,
  TiktokPromotionFilter,
} from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetTiktokPromotionsDocument = graphql(`
  query GetTiktokPromotions($filter: TiktokPromotionFilter) {
    getTiktokPromotions(filter: $filter) {
      items {
        id
        activityId
        title
        activityType
        beginTime
        endTime
        productLevel
        status
        syncShop {
          id
          shopName
        }
        failedItemsCount
        successItemsCount
        autoRenew
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const BulkUpdateTiktokPromotionDocument = graphql(`
  mutation BulkUpdateTiktokPromotion($input: BulkUpdateTiktokPromotionInput!) {
    bulkUpdateTiktokPromotion(input: $input)
  }
`);

export const CreateTiktokPromotionScheduleDocument = graphql(`
  mutation CreateTiktokPromotionSchedule($input: CreateTiktokPromotionScheduleInput!) {
    createTiktokPromotionSchedule(input: $input) {
      batchId
      queued
    }
  }
`);

/** The marketplace's own view of a shop's flash sales (read through): their live status. */
export const ShopActivitiesDocument = graphql(`
  query ShopActivities($shopId: ID!, $filter: MarketplaceActivityFilter) {
    getTiktokActivities(shopId: $shopId, filter: $filter) {
      activities {
        id
        title
        status
        begin_time
        end_time
        product_level
        activity_type
        update_time
      }
      next_page_token
      total_count
    }
  }
`);

/**
 * The newest promotion jobs of the client (first schedules and renewals), the runs a promotion's
 * history is read from: one job per promotion and window.
 */
export const PromotionJobsDocument = graphql(`
  query PromotionJobs($limit: Int) {
    schedules: getEventHistories(filter: { type: "promotion.schedule", limit: $limit, page: 1 }) {
      items {
        ...PromotionJob
      }
    }
    renewals: getEventHistories(filter: { type: "promotion.renew", limit: $limit, page: 1 }) {
      items {
        ...PromotionJob
      }
    }
  }
  fragment PromotionJob on EventHistory {
    id
    type
    status
    error
    event
    attempts
    batchId
    createdAt
    updatedAt
  }
`);

export type PromotionRow = GetTiktokPromotionsQuery['getTiktokPromotions']['items'][number];
export type MarketplaceActivity = ShopActivitiesQuery['getTiktokActivities']['activities'][number];
export type PromotionJob = PromotionJobsQuery['schedules']['items'][number];

/** The most jobs the history looks through (the API's page limit). */
export const JOBS_LIMIT = 100;
/** The marketplace's largest page of activities. */
export const ACTIVITIES_PAGE = 100;

export const promotionsKeys = {
  all: rootKeys.promotions,
  lists: () => [...rootKeys.promotions, 'list'] as const,
  list: (filter: TiktokPromotionFilter) => [...rootKeys.promotions, 'list', filter] as const,
  activities: (shopId: string) => [...rootKeys.promotions, 'activities', shopId] as const,
  jobs: () => [...rootKeys.promotions, 'jobs'] as const,
};

export const getTiktokPromotions = (client: ApiClient, filter: TiktokPromotionFilter) =>
  client.request(GetTiktokPromotionsDocument, { filter }).then((r) => r.getTiktokPromotions);

export const tiktokPromotionsQueryOptions = (client: ApiClient, filter: TiktokPromotionFilter) =>
  queryOptions({ queryKey: promotionsKeys.list(filter), queryFn: () => getTiktokPromotions(client, filter), placeholderData: keepPreviousData });

export function useTiktokPromotions(filter: TiktokPromotionFilter) {
  return useQuery(tiktokPromotionsQueryOptions(useApiClient(), filter));
}

export const getShopActivities = (client: ApiClient, shopId: string) =>
  client
    .request(ShopActivitiesDocument, { shopId, filter: { page_size: ACTIVITIES_PAGE, activity_type: 'FLASHSALE' } })
    .then((r) => r.getTiktokActivities);

export const shopActivitiesQueryOptions = (client: ApiClient, shopId: string) =>
  queryOptions({
    queryKey: promotionsKeys.activities(shopId),
    queryFn: () => getShopActivities(client, shopId),
    // A marketplace look-up: kept a little, and a shop that cannot answer is not asked twice.
    staleTime: 30_000,
    retry: false,
  });

/**
 * The marketplace status of every activity on these shops, by activity id. A shop the marketplace
 * cannot answer for (disconnected, down) adds nothing: the list then shows our own status.
 */
export function useActivityStatuses(shopIds: string[]): Map<string, MarketplaceActivity> {
  const client = useApiClient();
  return useQueries({
    queries: shopIds.map((id) => shopActivitiesQueryOptions(client, id)),
    combine: (results) => {
      const byId = new Map<string, MarketplaceActivity>();
      for (const r of results) for (const a of r.data?.activities ?? []) byId.set(a.id, a);
      return byId;
    },
  });
}

export const getPromotionJobs = (client: ApiClient) =>
  client.request(PromotionJobsDocument, { limit: JOBS_LIMIT }).then((r) => [...r.schedules.items, ...r.renewals.items]);

export const promotionJobsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: promotionsKeys.jobs(), queryFn: () => getPromotionJobs(client) });

/** Only admins may read jobs; staff see no history. */
export function usePromotionJobs(enabled: boolean) {
  return useQuery({ ...promotionJobsQueryOptions(useApiClient()), enabled });
}

/** A promotion mutation; on success every promotion query is read again. */
function usePromotionsMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>, options: { silentError?: boolean } = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.all }),
    ...(options.silentError ? { meta: { silentError: true } } : {}),
  });
}

export const bulkUpdateTiktokPromotion = (client: ApiClient, input: BulkUpdateTiktokPromotionInput) =>
  client.request(BulkUpdateTiktokPromotionDocument, { input }).then((r) => r.bulkUpdateTiktokPromotion);
export const useBulkUpdateTiktokPromotion = () => usePromotionsMutation(bulkUpdateTiktokPromotion);

export const createTiktokPromotionSchedule = (client: ApiClient, input: CreateTiktokPromotionScheduleInput) =>
  client.request(CreateTiktokPromotionScheduleDocument, { input }).then((r) => r.createTiktokPromotionSchedule);
export const useCreateTiktokPromotionSchedule = () => usePromotionsMutation(createTiktokPromotionSchedule, { silentError: true });
