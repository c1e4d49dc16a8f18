/**
 * The catalogue as the new-promotion screen needs it: products to choose (with the shops they are
 * live on) and their variants' prices for the preview. Keyed under the products root, so the
 * catalogue's own changes refresh them.
 */
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ProductFilter, PromotionProductsQuery, PromotionProductVariantsQuery } from '@/gql/graphql';
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

export type PickerProduct = PromotionProductsQuery['getProducts']['items'][number];
export type PriceVariant = PromotionProductVariantsQuery['getProductVariants'][number];

export interface PickerQuery {
  search: string;
  filter: ProductFilter;
}

export const catalogKeys = {
  products: (q: PickerQuery) => [...rootKeys.products, 'promotion-picker', q] as const,
  variants: (productId: string) => [...rootKeys.products, 'detail', productId, 'promotion-prices'] as const,
};

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
