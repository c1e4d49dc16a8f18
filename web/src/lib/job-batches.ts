import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { JobBatchProgressQuery } from '@/gql/graphql';
import type { ApiClient } from './api-client';
import { rootKeys } from './query-keys';
import { useApiClient } from './session';

export const JobBatchProgressDocument = graphql(`
  query JobBatchProgress($id: ID!) {
    getJobBatch(id: $id) {
      id
      type
      total
      pending
      processing
      succeeded
      failed
      createdAt
      nextRunAt
      failures {
        jobId
        label
        error
        attempts
      }
    }
  }
`);

export const RetryJobBatchDocument = graphql(`
  mutation RetryJobBatch($id: ID!) {
    retryJobBatch(id: $id) {
      id
      type
      total
      pending
      processing
      succeeded
      failed
      createdAt
      nextRunAt
      failures {
        jobId
        label
        error
        attempts
      }
    }
  }
`);

export type JobBatch = JobBatchProgressQuery['getJobBatch'];

/** How often a running batch is polled. */
export const POLL_MS = 1000;
/** How often a batch is polled while everything left waits for a time far ahead (daily cap). */
export const WAITING_POLL_MS = 15_000;
/** "Far ahead": a next run later than this switches to the slow poll. */
const FAR_AHEAD_MS = 60_000;

export const jobBatchKeys = {
  all: rootKeys.jobBatches,
  detail: (id: string) => [...rootKeys.jobBatches, 'detail', id] as const,
};

export const isBatchDone = (b: Pick<JobBatch, 'pending' | 'processing'>) => b.pending + b.processing === 0;

/** The poll interval for a batch as it stands: none once finished, slow while parked. */
export function pollInterval(batch: JobBatch | undefined, now = Date.now()): number | false {
  if (!batch) return POLL_MS;
  if (isBatchDone(batch)) return false;
  if (batch.processing === 0 && batch.nextRunAt && new Date(batch.nextRunAt).getTime() - now > FAR_AHEAD_MS) return WAITING_POLL_MS;
  return POLL_MS;
}

export const getJobBatch = (client: ApiClient, id: string) => client.request(JobBatchProgressDocument, { id }).then((r) => r.getJobBatch);

export const jobBatchQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: jobBatchKeys.detail(id),
    queryFn: () => getJobBatch(client, id),
    // Polls until nothing is pending or running; a retry puts items back and polling resumes.
    refetchInterval: (query) => pollInterval(query.state.data),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

export function useJobBatch(id: string) {
  return useQuery(jobBatchQueryOptions(useApiClient(), id));
}

export const retryJobBatch = (client: ApiClient, id: string) => client.request(RetryJobBatchDocument, { id }).then((r) => r.retryJobBatch);

export function useRetryJobBatch() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryJobBatch(client, id),
    onSuccess: (batch) => queryClient.setQueryData(jobBatchQueryOptions(client, batch.id).queryKey, batch),
  });
}
