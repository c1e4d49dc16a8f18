import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { GetAllShopProductsQuery, ShopProductFilter } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/session';

export const GetAllShopProductsDocument = graphql(`
  query GetAllShopProducts($filter: ShopProductFilter) {
    getAllShopProducts(filter: $filter) {
      items {
        id
        shopId
        shopName
        externalId
        brandName
        categoryName
        liveStatus
        errorMessages
        updatedAt
        product {
          id
          name
          status
          images {
            id
            imageUrl
            isPrimary
          }
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

export const RemoveListingDocument = graphql(`
  mutation RemoveListing($shopId: ID!, $shopProductId: ID!) {
    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)
  }
`);

export const BulkRemoveListingsDocument = graphql(`
  mutation BulkRemoveListings($shopId: ID!, $shopProductIds: [ID!]!) {
    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {
      batchId
      queued
    }
  }
`);

export type ShopProductRow = GetAllShopProductsQuery['getAllShopProducts']['items'][number];

export const shopProductsKeys = {
  all: ['shop-products'] as const,
  list: (filter: ShopProductFilter) => ['shop-products', 'list', filter] as const,
};

export const allShopProductsQueryOptions = (client: ApiClient, filter: ShopProductFilter) =>
  queryOptions({
    queryKey: shopProductsKeys.list(filter),
    queryFn: () => client.request(GetAllShopProductsDocument, { filter }).then((r) => r.getAllShopProducts),
    placeholderData: keepPreviousData,
  });

export function useAllShopProducts(filter: ShopProductFilter) {
  return useQuery(allShopProductsQueryOptions(useApiClient(), filter));
}

function useListingMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopProductsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['shops'] });
    },
  });
}

export const useRemoveListing = () =>
  useListingMutation((c, v: { shopId: string; shopProductId: string }) => c.request(RemoveListingDocument, v).then((r) => r.removeShopProduct));

export const useBulkRemoveListings = () =>
  useListingMutation((c, v: { shopId: string; shopProductIds: string[] }) => c.request(BulkRemoveListingsDocument, v).then((r) => r.bulkRemoveShopProduct));
