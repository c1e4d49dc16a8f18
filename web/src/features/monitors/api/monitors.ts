import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { EventHistoryFilter } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetQueueStatsDocument = graphql(`
  query GetQueueStats {
    getQueueStats {
      type
      pending
      processing
      succeeded
      failed
    }
  }
`);

export const GetWorkersDocument = graphql(`
  query GetWorkers {
    getWorkers {
      id
      queues
      lastSeenAt
    }
  }
`);

export const GetEventHistoriesDocument = graphql(`
  query GetEventHistories($filter: EventHistoryFilter) {
    getEventHistories(filter: $filter) {
      items {
        id
        type
        status
        error
        event
        attempts
        batchId
        clientId
        createdAt
        updatedAt
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const GetJobBatchDocument = graphql(`
  query GetJobBatch($id: ID!) {
    getJobBatch(id: $id) {
      id
      type
      total
      pending
      processing
      succeeded
      failed
      createdAt
    }
  }
`);

export const RetryEventHistoryDocument = graphql(`
  mutation RetryEventHistory($id: ID!) {
    retryEventHistory(id: $id) {
      id
      status
      attempts
      updatedAt
    }
  }
`);

export const GetFulfillmentDriftsDocument = graphql(`
  query GetFulfillmentDrifts {
    getFulfillmentDrifts {
      id
      clientId
      providerId
      kind
      providerOrderId
      fulfillmentOrderId
      detail
      foundAt
    }
  }
`);

export const monitorsKeys = {
  all: rootKeys.monitors,
  queueStats: () => [...rootKeys.monitors, 'queue-stats'] as const,
  workers: () => [...rootKeys.monitors, 'workers'] as const,
  events: (filter: EventHistoryFilter) => [...rootKeys.monitors, 'events', filter] as const,
  batch: (id: string) => [...rootKeys.monitors, 'batch', id] as const,
  drifts: () => [...rootKeys.monitors, 'drifts'] as const,
};

/** How often the screen refreshes itself while live refresh is on. */
export const LIVE_INTERVAL_MS = 3000;

const live = (on: boolean) => (on ? LIVE_INTERVAL_MS : false);

export const getQueueStats = (client: ApiClient) => client.request(GetQueueStatsDocument).then((r) => r.getQueueStats);

export const queueStatsQueryOptions = (client: ApiClient, liveRefresh = false) =>
  queryOptions({ queryKey: monitorsKeys.queueStats(), queryFn: () => getQueueStats(client), refetchInterval: live(liveRefresh) });

export function useQueueStats(liveRefresh: boolean) {
  return useQuery(queueStatsQueryOptions(useApiClient(), liveRefresh));
}

export const getWorkers = (client: ApiClient) => client.request(GetWorkersDocument).then((r) => r.getWorkers);

export const workersQueryOptions = (client: ApiClient, liveRefresh = false) =>
  queryOptions({ queryKey: monitorsKeys.workers(), queryFn: () => getWorkers(client), refetchInterval: live(liveRefresh) });

export function useWorkers(liveRefresh: boolean) {
  return useQuery(workersQueryOptions(useApiClient(), liveRefresh));
}

export const getEventHistories = (client: ApiClient, filter: EventHistoryFilter) =>
  client.request(GetEventHistoriesDocument, { filter }).then((r) => r.getEventHistories);

export const eventsQueryOptions = (client: ApiClient, filter: EventHistoryFilter, liveRefresh = false) =>
  queryOptions({
    queryKey: monitorsKeys.events(filter),
    queryFn: () => getEventHistories(client, filter),
    placeholderData: keepPreviousData,
    refetchInterval: live(liveRefresh),
  });

export function useEventHistories(filter: EventHistoryFilter, liveRefresh: boolean) {
  return useQuery(eventsQueryOptions(useApiClient(), filter, liveRefresh));
}

export const getJobBatch = (client: ApiClient, id: string) => client.request(GetJobBatchDocument, { id }).then((r) => r.getJobBatch);

export const jobBatchQueryOptions = (client: ApiClient, id: string, liveRefresh = false) =>
  queryOptions({ queryKey: monitorsKeys.batch(id), queryFn: () => getJobBatch(client, id), refetchInterval: live(liveRefresh) });

export function useJobBatch(id: string | null, liveRefresh: boolean) {
  return useQuery({ ...jobBatchQueryOptions(useApiClient(), id ?? '', liveRefresh), enabled: !!id });
}

export const retryEventHistory = (client: ApiClient, id: string) => client.request(RetryEventHistoryDocument, { id }).then((r) => r.retryEventHistory);

export function useRetryEventHistory() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryEventHistory(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorsKeys.all }),
  });
}

export const getFulfillmentDrifts = (client: ApiClient) =>
  client.request(GetFulfillmentDriftsDocument).then((r) => r.getFulfillmentDrifts);

export const driftsQueryOptions = (client: ApiClient, liveRefresh = false) =>
  queryOptions({ queryKey: monitorsKeys.drifts(), queryFn: () => getFulfillmentDrifts(client), refetchInterval: live(liveRefresh) });

/** What the nightly reconciliation found between the providers and Sellerdesk, still open. */
export function useFulfillmentDrifts(liveRefresh: boolean) {
  return useQuery(driftsQueryOptions(useApiClient(), liveRefresh));
}
