/**
 * Products as the new-promotion screen needs them: the catalogue's (to choose from, with the shops
 * they are live on, and their variants' prices), keyed under the products root so the catalogue's
 * own changes refresh them; and a shop's live products as the marketplace holds them (read
 * through), which is what "every live product" schedules.
 */
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ProductFilter, PromotionLiveProductsQuery, PromotionProductsQuery, PromotionProductVariantsQuery } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const PromotionProductsDocument = graphql(`
  query PromotionProducts($search: String, $filter: ProductFilter) {
    getProducts(search: $search, filter: $filter) {
      items {
        id
        name
        images {
          id
          imageUrl
          isPrimary
        }
        publishedShops {
          id
          name
          liveStatus
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

export const PromotionProductVariantsDocument = graphql(`
  query PromotionProductVariants($productId: ID!) {
    getProductVariants(productId: $productId) {
      id
      sku
      salePrice
      quantity
      attributes {
        id
        value
        attribute {
          id
          name
        }
      }
    }
  }
`);

export const PromotionLiveProductsDocument = graphql(`
  query PromotionLiveProducts($shopId: ID!, $filter: MarketplaceProductFilter) {
    searchTiktokProducts(shopId: $shopId, filter: $filter) {
      total_count
      products {
        id
        title
        status
        skus {
          id
          seller_sku
          price {
            currency
            sale_price
          }
        }
      }
    }
  }
`);

export type LiveProduct = PromotionLiveProductsQuery['searchTiktokProducts']['products'][number];

export type PickerProduct = PromotionProductsQuery['getProducts']['items'][number];
export type PriceVariant = PromotionProductVariantsQuery['getProductVariants'][number];

export interface PickerQuery {
  search: string;
  filter: ProductFilter;
}

export const catalogKeys = {
  products: (q: PickerQuery) => [...rootKeys.products, 'promotion-picker', q] as const,
  variants: (productId: string) => [...rootKeys.products, 'detail', productId, 'promotion-prices'] as const,
  live: (shopId: string, limit: number) => [...rootKeys.promotions, 'live-products', shopId, limit] as const,
};

/** The marketplace's status of a product on sale. */
export const LIVE_STATUS = 'ACTIVATE';

export const getLiveProducts = (client: ApiClient, shopId: string, limit: number) =>
  client.request(PromotionLiveProductsDocument, { shopId, filter: { status: LIVE_STATUS, page_size: limit } }).then((r) => r.searchTiktokProducts);

export const liveProductsQueryOptions = (client: ApiClient, shopId: string, limit: number) =>
  queryOptions({ queryKey: catalogKeys.live(shopId, limit), queryFn: () => getLiveProducts(client, shopId, limit), staleTime: 30_000 });

export function useLiveProducts(shopId: string | undefined, limit: number) {
  return useQuery({ ...liveProductsQueryOptions(useApiClient(), shopId ?? '', limit), enabled: !!shopId });
}

export const getPickerProducts = (client: ApiClient, { search, filter }: PickerQuery) =>
  client.request(PromotionProductsDocument, { filter, ...(search ? { search } : {}) }).then((r) => r.getProducts);

export const pickerProductsQueryOptions = (client: ApiClient, q: PickerQuery) =>
  queryOptions({ queryKey: catalogKeys.products(q), queryFn: () => getPickerProducts(client, q), placeholderData: keepPreviousData });

export function usePickerProducts(q: PickerQuery, enabled = true) {
  return useQuery({ ...pickerProductsQueryOptions(useApiClient(), q), enabled });
}

export const getPriceVariants = (client: ApiClient, productId: string) =>
  client.request(PromotionProductVariantsDocument, { productId }).then((r) => r.getProductVariants);

export const priceVariantsQueryOptions = (client: ApiClient, productId: string) =>
  queryOptions({ queryKey: catalogKeys.variants(productId), queryFn: () => getPriceVariants(client, productId) });

/** The variants of each product, in the order given; undefined while one loads. */
export function usePriceVariants(productIds: string[]) {
  const client = useApiClient();
  return useQueries({
    queries: productIds.map((id) => priceVariantsQueryOptions(client, id)),
    combine: (results) => ({
      byProduct: new Map(productIds.map((id, i) => [id, results[i]?.data] as const)),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
