import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { GetShopsQuery, ShopFilter, ShopProductFilter, UpdateShopInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/session';

export const GetShopsDocument = graphql(`
  query GetShops($filter: ShopFilter) {
    getShops(filter: $filter) {
      items {
        id
        name
        saleChannel
        targetMarket
        commissionRate
        status
        connection
        createdAt
        lastSyncedAt
        assignedUserIds
        warehouseCount
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const GetShopDocument = graphql(`
  query GetShop($id: ID!) {
    getShop(id: $id) {
      id
      name
      saleChannel
      targetMarket
      commissionRate
      status
      connection
      createdAt
      lastSyncedAt
      assignedUserIds
      warehouseCount
    }
  }
`);

export const GenerateAuthorizeLinkDocument = graphql(`
  mutation GenerateAuthorizeLink($targetMarket: TargetMarket!, $saleChannel: SaleChannel!) {
    generateAuthorizeLink(targetMarket: $targetMarket, saleChannel: $saleChannel)
  }
`);

export const AuthorizeShopDocument = graphql(`
  mutation AuthorizeShop($input: AuthorizeShopInput!) {
    authorizeShop(input: $input) {
      id
      name
      saleChannel
    }
  }
`);

export const UpdateShopDocument = graphql(`
  mutation UpdateShop($id: ID!, $input: UpdateShopInput!) {
    updateShop(id: $id, input: $input) {
      id
      name
      commissionRate
    }
  }
`);

export const RemoveShopDocument = graphql(`
  mutation RemoveShop($id: ID!) {
    removeShop(id: $id)
  }
`);

export const ReassignShopDocument = graphql(`
  mutation ReassignShop($input: ReassignShopInput!) {
    reassignShop(input: $input) {
      id
      assignedUserIds
    }
  }
`);

export const SyncShopDocument = graphql(`
  mutation SyncShop($id: ID!) {
    syncShop(id: $id) {
      batchId
      queued
    }
  }
`);

export const GetWarehousesDocument = graphql(`
  query GetWarehouses($shopId: ID!) {
    getWarehouses(shopId: $shopId) {
      id
      externalId
      name
      isDefault
      additionalData
    }
  }
`);

export const SyncWarehouseDocument = graphql(`
  mutation SyncWarehouse($id: ID!) {
    syncWarehouse(id: $id) {
      batchId
      queued
    }
  }
`);

export const GetShopProductsDocument = graphql(`
  query GetShopProducts($shopId: ID!, $filter: ShopProductFilter) {
    getShopProducts(shopId: $shopId, filter: $filter) {
      items {
        id
        brandName
        categoryName
        liveStatus
        errorMessages
        updatedAt
        externalId
        shopId
        shopName
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

export const RemoveShopProductDocument = graphql(`
  mutation RemoveShopProduct($shopId: ID!, $shopProductId: ID!) {
    removeShopProduct(shopId: $shopId, shopProductId: $shopProductId)
  }
`);

export const BulkRemoveShopProductDocument = graphql(`
  mutation BulkRemoveShopProduct($shopId: ID!, $shopProductIds: [ID!]!) {
    bulkRemoveShopProduct(shopId: $shopId, shopProductIds: $shopProductIds) {
      batchId
      queued
    }
  }
`);

export type ShopRow = GetShopsQuery['getShops']['items'][number];

export const shopsKeys = {
  all: ['shops'] as const,
  list: (filter: ShopFilter) => ['shops', 'list', filter] as const,
  detail: (id: string) => ['shops', 'detail', id] as const,
  warehouses: (id: string) => ['shops', 'detail', id, 'warehouses'] as const,
  products: (id: string, filter: ShopProductFilter) => ['shops', 'detail', id, 'products', filter] as const,
};

export const shopsQueryOptions = (client: ApiClient, filter: ShopFilter) =>
  queryOptions({
    queryKey: shopsKeys.list(filter),
    queryFn: () => client.request(GetShopsDocument, { filter }).then((r) => r.getShops),
    placeholderData: keepPreviousData,
  });

export function useShops(filter: ShopFilter) {
  return useQuery(shopsQueryOptions(useApiClient(), filter));
}

export const shopQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: shopsKeys.detail(id), queryFn: () => client.request(GetShopDocument, { id }).then((r) => r.getShop) });

export function useShop(id: string) {
  return useQuery(shopQueryOptions(useApiClient(), id));
}

export const warehousesQueryOptions = (client: ApiClient, shopId: string) =>
  queryOptions({ queryKey: shopsKeys.warehouses(shopId), queryFn: () => client.request(GetWarehousesDocument, { shopId }).then((r) => r.getWarehouses) });

export function useWarehouses(shopId: string) {
  return useQuery(warehousesQueryOptions(useApiClient(), shopId));
}

export const shopProductsQueryOptions = (client: ApiClient, shopId: string, filter: ShopProductFilter) =>
  queryOptions({
    queryKey: shopsKeys.products(shopId, filter),
    queryFn: () => client.request(GetShopProductsDocument, { shopId, filter }).then((r) => r.getShopProducts),
    placeholderData: keepPreviousData,
  });

export function useShopProducts(shopId: string, filter: ShopProductFilter) {
  return useQuery(shopProductsQueryOptions(useApiClient(), shopId, filter));
}

/** A mutation of this area; on success every shop query is refreshed. */
function useShopsMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsKeys.all }),
  });
}

export function useGenerateAuthorizeLink() {
  const client = useApiClient();
  return useMutation({
    mutationFn: () => client.request(GenerateAuthorizeLinkDocument, { targetMarket: 'US', saleChannel: 'TIKTOK' }).then((r) => r.generateAuthorizeLink),
  });
}

export function useAuthorizeShop() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { code: string; state: string }) =>
      client.request(AuthorizeShopDocument, { input: { code: v.code, state: v.state, saleChannel: 'TIKTOK' } }).then((r) => r.authorizeShop),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsKeys.all }),
    // The callback screen shows the failure itself, with a way back.
    meta: { silentError: true },
  });
}

export const useUpdateShop = () =>
  useShopsMutation((c, v: { id: string; input: UpdateShopInput }) => c.request(UpdateShopDocument, v).then((r) => r.updateShop));

export const useRemoveShop = () => useShopsMutation((c, id: string) => c.request(RemoveShopDocument, { id }).then((r) => r.removeShop));

export const useReassignShop = () =>
  useShopsMutation((c, v: { shopId: string; userIds: string[] }) => c.request(ReassignShopDocument, { input: v }).then((r) => r.reassignShop));

export const useSyncShop = () => useShopsMutation((c, id: string) => c.request(SyncShopDocument, { id }).then((r) => r.syncShop));

export const useSyncWarehouse = () => useShopsMutation((c, id: string) => c.request(SyncWarehouseDocument, { id }).then((r) => r.syncWarehouse));

export const useRemoveShopProduct = () =>
  useShopsMutation((c, v: { shopId: string; shopProductId: string }) => c.request(RemoveShopProductDocument, v).then((r) => r.removeShopProduct));

export const useBulkRemoveShopProduct = () =>
  useShopsMutation((c, v: { shopId: string; shopProductIds: string[] }) => c.request(BulkRemoveShopProductDocument, v).then((r) => r.bulkRemoveShopProduct));
