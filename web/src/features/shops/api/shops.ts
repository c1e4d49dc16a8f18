import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ConnectWalmartShopInput, GetShopsQuery, SaleChannel, ShopFilter, ShopProductFilter, UpdateShopInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
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

export const ConnectWalmartShopDocument = graphql(`
  mutation ConnectWalmartShop($input: ConnectWalmartShopInput!) {
    connectWalmartShop(input: $input) {
      id
      name
      saleChannel
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
  all: rootKeys.shops,
  list: (filter: ShopFilter) => [...rootKeys.shops, 'list', filter] as const,
  detail: (id: string) => [...rootKeys.shops, 'detail', id] as const,
  warehouses: (id: string) => [...rootKeys.shops, 'detail', id, 'warehouses'] as const,
  products: (id: string, filter: ShopProductFilter) => [...rootKeys.shops, 'detail', id, 'products', filter] as const,
};

export const getShops = (client: ApiClient, filter: ShopFilter) => client.request(GetShopsDocument, { filter }).then((r) => r.getShops);

export const shopsQueryOptions = (client: ApiClient, filter: ShopFilter) =>
  queryOptions({ queryKey: shopsKeys.list(filter), queryFn: () => getShops(client, filter), placeholderData: keepPreviousData });

export function useShops(filter: ShopFilter) {
  return useQuery(shopsQueryOptions(useApiClient(), filter));
}

export const getShop = (client: ApiClient, id: string) => client.request(GetShopDocument, { id }).then((r) => r.getShop);

export const shopQueryOptions = (client: ApiClient, id: string) => queryOptions({ queryKey: shopsKeys.detail(id), queryFn: () => getShop(client, id) });

export function useShop(id: string) {
  return useQuery(shopQueryOptions(useApiClient(), id));
}

export const getWarehouses = (client: ApiClient, shopId: string) => client.request(GetWarehousesDocument, { shopId }).then((r) => r.getWarehouses);

export const warehousesQueryOptions = (client: ApiClient, shopId: string) =>
  queryOptions({ queryKey: shopsKeys.warehouses(shopId), queryFn: () => getWarehouses(client, shopId) });

export function useWarehouses(shopId: string) {
  return useQuery(warehousesQueryOptions(useApiClient(), shopId));
}

export const getShopProducts = (client: ApiClient, shopId: string, filter: ShopProductFilter) =>
  client.request(GetShopProductsDocument, { shopId, filter }).then((r) => r.getShopProducts);

export const shopProductsQueryOptions = (client: ApiClient, shopId: string, filter: ShopProductFilter) =>
  queryOptions({ queryKey: shopsKeys.products(shopId, filter), queryFn: () => getShopProducts(client, shopId, filter), placeholderData: keepPreviousData });

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

/** The channels a seller connects through the marketplace's consent page. */
export type ConsentChannel = Extract<SaleChannel, 'TIKTOK' | 'AMAZON'>;

export const generateAuthorizeLink = (client: ApiClient, saleChannel: ConsentChannel) =>
  client.request(GenerateAuthorizeLinkDocument, { targetMarket: 'US', saleChannel }).then((r) => r.generateAuthorizeLink);

export function useGenerateAuthorizeLink() {
  const client = useApiClient();
  return useMutation({ mutationFn: (saleChannel: ConsentChannel) => generateAuthorizeLink(client, saleChannel) });
}

/** What the consent page sent back: TikTok's `code`, or Amazon's `spapi_oauth_code` and `selling_partner_id`. */
export interface ConsentReturn {
  saleChannel: ConsentChannel;
  code: string;
  state: string;
  sellingPartnerId?: string;
}

export const authorizeShop = (client: ApiClient, v: ConsentReturn) =>
  client
    .request(AuthorizeShopDocument, {
      input: { code: v.code, state: v.state, saleChannel: v.saleChannel, ...(v.sellingPartnerId ? { sellingPartnerId: v.sellingPartnerId } : {}) },
    })
    .then((r) => r.authorizeShop);

export function useAuthorizeShop() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: ConsentReturn) => authorizeShop(client, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopsKeys.all }),
    // The callback screen shows the failure itself, with a way back.
    meta: { silentError: true },
  });
}

export const connectWalmartShop = (client: ApiClient, input: ConnectWalmartShopInput) =>
  client.request(ConnectWalmartShopDocument, { input }).then((r) => r.connectWalmartShop);
export const useConnectWalmartShop = () => useShopsMutation(connectWalmartShop);

export const updateShop = (client: ApiClient, v: { id: string; input: UpdateShopInput }) => client.request(UpdateShopDocument, v).then((r) => r.updateShop);
export const useUpdateShop = () => useShopsMutation(updateShop);

export const removeShop = (client: ApiClient, id: string) => client.request(RemoveShopDocument, { id }).then((r) => r.removeShop);
export const useRemoveShop = () => useShopsMutation(removeShop);

export const reassignShop = (client: ApiClient, v: { shopId: string; userIds: string[] }) =>
  client.request(ReassignShopDocument, { input: v }).then((r) => r.reassignShop);
export const useReassignShop = () => useShopsMutation(reassignShop);

export const syncShop = (client: ApiClient, id: string) => client.request(SyncShopDocument, { id }).then((r) => r.syncShop);
export const useSyncShop = () => useShopsMutation(syncShop);

export const syncWarehouse = (client: ApiClient, id: string) => client.request(SyncWarehouseDocument, { id }).then((r) => r.syncWarehouse);
export const useSyncWarehouse = () => useShopsMutation(syncWarehouse);

export const removeShopProduct = (client: ApiClient, v: { shopId: string; shopProductId: string }) =>
  client.request(RemoveShopProductDocument, v).then((r) => r.removeShopProduct);
export const useRemoveShopProduct = () => useShopsMutation(removeShopProduct);

export const bulkRemoveShopProduct = (client: ApiClient, v: { shopId: string; shopProductIds: string[] }) =>
  client.request(BulkRemoveShopProductDocument, v).then((r) => r.bulkRemoveShopProduct);
export const useBulkRemoveShopProduct = () => useShopsMutation(bulkRemoveShopProduct);
