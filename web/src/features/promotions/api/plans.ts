import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { GetPromotionPlansQuery, PromotionPlanInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetPromotionPlansDocument = graphql(`
  query GetPromotionPlans {
    getPromotionPlans {
      id
      title
      type
      duration
      productLevel
      discount
    }
  }
`);

export const CreatePromotionPlanDocument = graphql(`
  mutation CreatePromotionPlan($input: PromotionPlanInput!) {
    createPromotionPlan(input: $input)
  }
`);

export const UpdatePromotionPlanDocument = graphql(`
  mutation UpdatePromotionPlan($id: ID!, $input: PromotionPlanInput!) {
    updatePromotionPlan(id: $id, input: $input) {
      id
      title
      type
      duration
      productLevel
      discount
    }
  }
`);

export const RemovePromotionPlanDocument = graphql(`
  mutation RemovePromotionPlan($id: ID!) {
    removePromotionPlan(id: $id)
  }
`);

export type PromotionPlan = GetPromotionPlansQuery['getPromotionPlans'][number];

export const plansKeys = {
  all: [...rootKeys.promotions, 'plans'] as const,
  list: () => [...rootKeys.promotions, 'plans', 'list'] as const,
};

export const getPromotionPlans = (client: ApiClient) => client.request(GetPromotionPlansDocument).then((r) => r.getPromotionPlans);

export const promotionPlansQueryOptions = (client: ApiClient) => queryOptions({ queryKey: plansKeys.list(), queryFn: () => getPromotionPlans(client) });

export function usePromotionPlans() {
  return useQuery(promotionPlansQueryOptions(useApiClient()));
}

/** A plan mutation; on success the plans are read again. Forms show their own errors (by field). */
function usePlanMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>, options: { silentError?: boolean } = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKeys.all }),
    ...(options.silentError ? { meta: { silentError: true } } : {}),
  });
}

export const createPromotionPlan = (client: ApiClient, input: PromotionPlanInput) =>
  client.request(CreatePromotionPlanDocument, { input }).then((r) => r.createPromotionPlan);
export const useCreatePromotionPlan = () => usePlanMutation(createPromotionPlan, { silentError: true });

export const updatePromotionPlan = (client: ApiClient, v: { id: string; input: PromotionPlanInput }) =>
  client.request(UpdatePromotionPlanDocument, v).then((r) => r.updatePromotionPlan);
export const useUpdatePromotionPlan = () => usePlanMutation(updatePromotionPlan, { silentError: true });

export const removePromotionPlan = (client: ApiClient, id: string) => client.request(RemovePromotionPlanDocument, { id }).then((r) => r.removePromotionPlan);
export const useRemovePromotionPlan = () => usePlanMutation(removePromotionPlan);
