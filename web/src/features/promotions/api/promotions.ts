import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  BulkUpdateTiktokPromotionInput,
  CreateTiktokPromotionScheduleInput,
  GetTiktokPromotionsQuery,
  PromotionHistoryQuery,
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
        activityStatus
        nextRenewalAt
        error
        discount
        duration
        deactivatedAt
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

/**
 * One promotion's windows (its renewal history) and each window's failed or dropped products with
 * the reason. The API has no look-up by id, so it asks for the promotions of that shop with that
 * title (a handful) and keeps the one.
 */
export const PromotionHistoryDocument = graphql(`
  query PromotionHistory($filter: TiktokPromotionFilter) {
    getTiktokPromotions(filter: $filter) {
      items {
        id
        windows {
          id
          seq
          title
          beginTime
          endTime
          activityId
          activityStatus
          status
          error
          successItemsCount
          failedItemsCount
          droppedItemsCount
          createdAt
          failedItems {
            id
            productId
            externalProductId
            title
            activityPrice
            status
            reason
          }
        }
      }
    }
  }
`);

export type PromotionRow = GetTiktokPromotionsQuery['getTiktokPromotions']['items'][number];
export type PromotionWindow = PromotionHistoryQuery['getTiktokPromotions']['items'][number]['windows'][number];

/** The most promotions one history look-up reads (the API's page limit). */
export const HISTORY_LIMIT = 100;

export const promotionsKeys = {
  all: rootKeys.promotions,
  lists: () => [...rootKeys.promotions, 'list'] as const,
  list: (filter: TiktokPromotionFilter) => [...rootKeys.promotions, 'list', filter] as const,
  history: (p: HistoryOf) => [...rootKeys.promotions, 'history', p] as const,
};

export const getTiktokPromotions = (client: ApiClient, filter: TiktokPromotionFilter) =>
  client.request(GetTiktokPromotionsDocument, { filter }).then((r) => r.getTiktokPromotions);

export const tiktokPromotionsQueryOptions = (client: ApiClient, filter: TiktokPromotionFilter) =>
  queryOptions({ queryKey: promotionsKeys.list(filter), queryFn: () => getTiktokPromotions(client, filter), placeholderData: keepPreviousData });

export function useTiktokPromotions(filter: TiktokPromotionFilter) {
  return useQuery(tiktokPromotionsQueryOptions(useApiClient(), filter));
}

export interface HistoryOf {
  id: string;
  shopId: string;
  title: string;
}

export const getPromotionHistory = (client: ApiClient, p: HistoryOf) =>
  client
    .request(PromotionHistoryDocument, { filter: { shopId: p.shopId, search: p.title, limit: HISTORY_LIMIT, page: 1 } })
    .then((r) => r.getTiktokPromotions.items.find((i) => i.id === p.id)?.windows ?? null);

export const promotionHistoryQueryOptions = (client: ApiClient, p: HistoryOf) =>
  queryOptions({ queryKey: promotionsKeys.history(p), queryFn: () => getPromotionHistory(client, p) });

export function usePromotionHistory(p: HistoryOf) {
  return useQuery(promotionHistoryQueryOptions(useApiClient(), p));
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
