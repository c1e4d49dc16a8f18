import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { CacheProductDesignInput, GetListProductDesignsQuery, ProductDesignFilter } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetListProductDesignsDocument = graphql(`
  query GetListProductDesigns($filter: ProductDesignFilter) {
    getListProductDesigns(filter: $filter) {
      items {
        id
        externalProductId
        sellerProductId
        images
        designFrontUrl
        designBackUrl
        designSleeveUrl
        designHoodUrl
        variant
        product {
          id
          name
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

export const RemoveProductDesignDocument = graphql(`
  mutation RemoveProductDesign($designId: ID!) {
    removeProductDesign(designId: $designId)
  }
`);

export const CacheProductDesignDocument = graphql(`
  mutation CacheProductDesign($input: CacheProductDesignInput!) {
    cacheProductDesign(input: $input) {
      id
    }
  }
`);

export const DesignProductOptionsDocument = graphql(`
  query DesignProductOptions($search: String, $filter: ProductFilter) {
    getProducts(search: $search, filter: $filter) {
      items {
        id
        name
      }
    }
  }
`);

export type DesignRow = GetListProductDesignsQuery['getListProductDesigns']['items'][number];

export const designsKeys = {
  all: rootKeys.designs,
  list: (filter: ProductDesignFilter) => [...rootKeys.designs, 'list', filter] as const,
  /** Under the products' root: a change to the products refreshes the choices. */
  productOptions: (search: string) => [...rootKeys.products, 'options', search] as const,
};

export const getDesigns = (client: ApiClient, filter: ProductDesignFilter) =>
  client.request(GetListProductDesignsDocument, { filter }).then((r) => r.getListProductDesigns);

export const designsQueryOptions = (client: ApiClient, filter: ProductDesignFilter) =>
  queryOptions({ queryKey: designsKeys.list(filter), queryFn: () => getDesigns(client, filter), placeholderData: keepPreviousData });

export function useDesigns(filter: ProductDesignFilter) {
  return useQuery(designsQueryOptions(useApiClient(), filter));
}

export const getProductOptions = (client: ApiClient, search: string) =>
  client.request(DesignProductOptionsDocument, { ...(search ? { search } : {}), filter: { limit: 20, page: 1 } }).then((r) => r.getProducts.items);

/** Products to attach a design to, searched by name. */
export const productOptionsQueryOptions = (client: ApiClient, search: string) =>
  queryOptions({ queryKey: designsKeys.productOptions(search), queryFn: () => getProductOptions(client, search), staleTime: 30_000 });

export const removeDesign = (client: ApiClient, designId: string) =>
  client.request(RemoveProductDesignDocument, { designId }).then((r) => r.removeProductDesign);

export function useRemoveDesign() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (designId: string) => removeDesign(client, designId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designsKeys.all }),
  });
}

export const cacheDesign = (client: ApiClient, input: CacheProductDesignInput) =>
  client.request(CacheProductDesignDocument, { input }).then((r) => r.cacheProductDesign);

export function useCacheDesign() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CacheProductDesignInput) => cacheDesign(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designsKeys.all }),
  });
}
