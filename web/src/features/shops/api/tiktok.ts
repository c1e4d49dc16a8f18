import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { MarketplaceProductFilter } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const SearchTiktokProductsDocument = graphql(`
  query SearchTiktokProducts($shopId: ID!, $filter: MarketplaceProductFilter) {
    searchTiktokProducts(shopId: $shopId, filter: $filter) {
      total_count
      next_page_token
      products {
        id
        title
        status
        is_not_for_sale
        create_time
        update_time
        skus {
          id
          seller_sku
          price {
            currency
            sale_price
            tax_exclusive_price
          }
          inventory {
            warehouse_id
            quantity
          }
        }
      }
    }
  }
`);

export const GetTiktokProductDetailDocument = graphql(`
  query GetTiktokProductDetail($shopId: ID!, $productId: ID!) {
    getTiktokProductDetail(shopId: $shopId, productId: $productId) {
      id
      title
      description
      status
      category_chains {
        id
        local_name
        parent_id
        is_leaf
      }
      brand {
        id
        name
      }
      main_images {
        uri
        urls
      }
      skus {
        id
        seller_sku
        price {
          currency
          sale_price
          tax_exclusive_price
        }
        inventory {
          warehouse_id
          quantity
        }
      }
    }
  }
`);

/** TikTok's own products of a shop: under the shop's detail key, so the shop's mutations refresh them. */
export const tiktokKeys = {
  products: (shopId: string, filter: MarketplaceProductFilter) => [...rootKeys.shops, 'detail', shopId, 'tiktok-products', filter] as const,
  detail: (shopId: string, productId: string) => [...rootKeys.shops, 'detail', shopId, 'tiktok-products', 'detail', productId] as const,
};

export const searchTiktokProducts = (client: ApiClient, shopId: string, filter: MarketplaceProductFilter) =>
  client.request(SearchTiktokProductsDocument, { shopId, filter }).then((r) => r.searchTiktokProducts);

export const tiktokProductsQueryOptions = (client: ApiClient, shopId: string, filter: MarketplaceProductFilter) =>
  queryOptions({ queryKey: tiktokKeys.products(shopId, filter), queryFn: () => searchTiktokProducts(client, shopId, filter), placeholderData: keepPreviousData });

export function useTiktokProducts(shopId: string | null, filter: MarketplaceProductFilter) {
  return useQuery({ ...tiktokProductsQueryOptions(useApiClient(), shopId ?? '', filter), enabled: !!shopId });
}

export const getTiktokProductDetail = (client: ApiClient, shopId: string, productId: string) =>
  client.request(GetTiktokProductDetailDocument, { shopId, productId }).then((r) => r.getTiktokProductDetail);

export const tiktokProductDetailQueryOptions = (client: ApiClient, shopId: string, productId: string) =>
  queryOptions({ queryKey: tiktokKeys.detail(shopId, productId), queryFn: () => getTiktokProductDetail(client, shopId, productId) });

export function useTiktokProductDetail(shopId: string, productId: string | null) {
  return useQuery({ ...tiktokProductDetailQueryOptions(useApiClient(), shopId, productId ?? ''), enabled: !!productId });
}
