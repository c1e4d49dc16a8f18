import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { GetAllShopProductsQuery, ShopProductFilter } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
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
        errors {
          field
          message
        }
        failed
        listingMode
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

/** Lists a product on a shop again: a failed listing's retry. */
export const RetryShopListingDocument = graphql(`
  mutation RetryShopListing($input: BulkListingProductInput!) {
    bulkListingProduct(input: $input) {
      batchId
      queued
    }
  }
`);

export type ShopProductRow = GetAllShopProductsQuery['getAllShopProducts']['items'][number];

export const shopProductsKeys = {
  all: rootKeys.shopProducts,
  list: (filter: ShopProductFilter) => [...rootKeys.shopProducts, 'list', filter] as const,
};

export const getAllShopProducts = (client: ApiClient, filter: ShopProductFilter) =>
  client.request(GetAllShopProductsDocument, { filter }).then((r) => r.getAllShopProducts);

export const allShopProductsQueryOptions = (client: ApiClient, filter: ShopProductFilter) =>
  queryOptions({ queryKey: shopProductsKeys.list(filter), queryFn: () => getAllShopProducts(client, filter), placeholderData: keepPreviousData });

export function useAllShopProducts(filter: ShopProductFilter) {
  return useQuery(allShopProductsQueryOptions(useApiClient(), filter));
}

/** A change to listings: refreshes this list and the shops (each shop shows its own listings). */
function useListingMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopProductsKeys.all });
      void queryClient.invalidateQueries({ queryKey: rootKeys.shops });
    },
  });
}

export const removeListing = (client: ApiClient, v: { shopId: string; shopProductId: string }) =>
  client.request(RemoveListingDocument, v).then((r) => r.removeShopProduct);
export const useRemoveListing = () => useListingMutation(removeListing);

export const bulkRemoveListings = (client: ApiClient, v: { shopId: string; shopProductIds: string[] }) =>
  client.request(BulkRemoveListingsDocument, v).then((r) => r.bulkRemoveShopProduct);
export const useBulkRemoveListings = () => useListingMutation(bulkRemoveListings);

/** Lists the row's product on its shop again, the way it was asked last (live unless drafts). */
export const retryListing = (client: ApiClient, row: Pick<ShopProductRow, 'id' | 'shopId' | 'listingMode' | 'product'>) =>
  client
    .request(RetryShopListingDocument, { input: { shopId: row.shopId, productIds: [row.product.id], mode: row.listingMode ?? 'LISTING' } })
    .then((r) => r.bulkListingProduct);
export const useRetryListing = () => useListingMutation(retryListing);
