import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  FulfillmentProductFilter,
  FulfillmentProductsQuery,
  MangoteeProductFilter,
  PrintifyBlueprintsQuery,
} from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

/**
 * The providers' catalogues, read through the server (which caches them briefly). Printify is
 * browsed blueprint → print provider → variant and MangoTee product line → product → variant;
 * every provider also answers the flat `getFulfillmentProducts`.
 */
export const FulfillmentProductsDocument = graphql(`
  query FulfillmentProducts($providerId: ID!, $filter: FulfillmentProductFilter) {
    getFulfillmentProducts(providerId: $providerId, filter: $filter) {
      items {
        id
        name
        image
        description
        printAreas
        variants {
          sku
          size
          color
          colorCode
          stock
          printArea
          cost
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

export const PrintifyBlueprintsDocument = graphql(`
  query PrintifyBlueprints {
    getPrintifyBlueprints {
      id
      title
      brand
      model
      images
      description
    }
  }
`);

export const PrintifyPrintProvidersDocument = graphql(`
  query PrintifyPrintProviders($blueprintId: ID!) {
    getPrintifyPrintProviders(blueprintId: $blueprintId) {
      id
      title
    }
  }
`);

export const PrintifyVariantsDocument = graphql(`
  query PrintifyVariants($blueprintId: ID!, $printProviderId: ID!) {
    getPrintifyVariants(blueprintId: $blueprintId, printProviderId: $printProviderId) {
      id
      title
      options
      placeholders
    }
  }
`);

export const MangoteeProductLinesDocument = graphql(`
  query MangoteeProductLines {
    getMangoteeProductLines {
      id
      name
      sku
      stock
    }
  }
`);

export const MangoteeProductsDocument = graphql(`
  query MangoteeProducts($filter: MangoteeProductFilter) {
    getMangoteeProducts(filter: $filter) {
      id
      name
      sku
      stock
    }
  }
`);

export const MangoteeVariantsDocument = graphql(`
  query MangoteeVariants($productId: ID!, $productLineId: ID!) {
    getMangoteeVariants(productId: $productId, productLineId: $productLineId) {
      id
      name
      sku
      stock
    }
  }
`);

export type CatalogProduct = FulfillmentProductsQuery['getFulfillmentProducts']['items'][number];
export type CatalogVariant = CatalogProduct['variants'][number];
export type Blueprint = PrintifyBlueprintsQuery['getPrintifyBlueprints'][number];

/** Catalogues change rarely; the server caches them too. */
const CATALOG_STALE_MS = 5 * 60_000;

export const catalogKeys = {
  all: rootKeys.fulfillmentCatalog,
  products: (providerId: string, filter: FulfillmentProductFilter) => [...rootKeys.fulfillmentCatalog, providerId, 'products', filter] as const,
  blueprints: () => [...rootKeys.fulfillmentCatalog, 'printify', 'blueprints'] as const,
  printProviders: (blueprintId: string) => [...rootKeys.fulfillmentCatalog, 'printify', 'blueprints', blueprintId, 'print-providers'] as const,
  printifyVariants: (blueprintId: string, printProviderId: string) =>
    [...rootKeys.fulfillmentCatalog, 'printify', 'blueprints', blueprintId, 'print-providers', printProviderId, 'variants'] as const,
  productLines: () => [...rootKeys.fulfillmentCatalog, 'mangotee', 'product-lines'] as const,
  mangoteeProducts: (filter: MangoteeProductFilter) => [...rootKeys.fulfillmentCatalog, 'mangotee', 'products', filter] as const,
  mangoteeVariants: (productLineId: string, productId: string) => [...rootKeys.fulfillmentCatalog, 'mangotee', 'variants', productLineId, productId] as const,
};

export const getCatalogProducts = (client: ApiClient, providerId: string, filter: FulfillmentProductFilter) =>
  client.request(FulfillmentProductsDocument, { providerId, filter }).then((r) => r.getFulfillmentProducts);

export const catalogProductsQueryOptions = (client: ApiClient, providerId: string, filter: FulfillmentProductFilter) =>
  queryOptions({
    queryKey: catalogKeys.products(providerId, filter),
    queryFn: () => getCatalogProducts(client, providerId, filter),
    placeholderData: keepPreviousData,
    staleTime: CATALOG_STALE_MS,
  });

export function useCatalogProducts(providerId: string, filter: FulfillmentProductFilter, enabled = true) {
  return useQuery({ ...catalogProductsQueryOptions(useApiClient(), providerId, filter), enabled });
}

/**
 * A live look at a saved account: one product of its catalogue. What the server answers (or
 * refuses) says whether the account still works. Always a fresh request, never the cache.
 */
export function useTestProvider() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (providerId: string) => getCatalogProducts(client, providerId, { limit: 1, page: 1 }),
    meta: { silentError: true },
  });
}

export const getBlueprints = (client: ApiClient) => client.request(PrintifyBlueprintsDocument).then((r) => r.getPrintifyBlueprints);

export const blueprintsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: catalogKeys.blueprints(), queryFn: () => getBlueprints(client), staleTime: CATALOG_STALE_MS });

export function useBlueprints(enabled = true) {
  return useQuery({ ...blueprintsQueryOptions(useApiClient()), enabled });
}

export const getPrintProviders = (client: ApiClient, blueprintId: string) =>
  client.request(PrintifyPrintProvidersDocument, { blueprintId }).then((r) => r.getPrintifyPrintProviders);

export const printProvidersQueryOptions = (client: ApiClient, blueprintId: string) =>
  queryOptions({ queryKey: catalogKeys.printProviders(blueprintId), queryFn: () => getPrintProviders(client, blueprintId), staleTime: CATALOG_STALE_MS });

export function usePrintProviders(blueprintId: string | null) {
  return useQuery({ ...printProvidersQueryOptions(useApiClient(), blueprintId ?? ''), enabled: !!blueprintId });
}

export const getPrintifyVariants = (client: ApiClient, blueprintId: string, printProviderId: string) =>
  client.request(PrintifyVariantsDocument, { blueprintId, printProviderId }).then((r) => r.getPrintifyVariants);

export const printifyVariantsQueryOptions = (client: ApiClient, blueprintId: string, printProviderId: string) =>
  queryOptions({
    queryKey: catalogKeys.printifyVariants(blueprintId, printProviderId),
    queryFn: () => getPrintifyVariants(client, blueprintId, printProviderId),
    staleTime: CATALOG_STALE_MS,
  });

export function usePrintifyVariants(blueprintId: string | null, printProviderId: string | null) {
  return useQuery({ ...printifyVariantsQueryOptions(useApiClient(), blueprintId ?? '', printProviderId ?? ''), enabled: !!blueprintId && !!printProviderId });
}

export const getProductLines = (client: ApiClient) => client.request(MangoteeProductLinesDocument).then((r) => r.getMangoteeProductLines);

export const productLinesQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: catalogKeys.productLines(), queryFn: () => getProductLines(client), staleTime: CATALOG_STALE_MS });

export function useProductLines(enabled = true) {
  return useQuery({ ...productLinesQueryOptions(useApiClient()), enabled });
}

export const getMangoteeProducts = (client: ApiClient, filter: MangoteeProductFilter) =>
  client.request(MangoteeProductsDocument, { filter }).then((r) => r.getMangoteeProducts);

export const mangoteeProductsQueryOptions = (client: ApiClient, filter: MangoteeProductFilter) =>
  queryOptions({
    queryKey: catalogKeys.mangoteeProducts(filter),
    queryFn: () => getMangoteeProducts(client, filter),
    placeholderData: keepPreviousData,
    staleTime: CATALOG_STALE_MS,
  });

export function useMangoteeProducts(filter: MangoteeProductFilter, enabled = true) {
  return useQuery({ ...mangoteeProductsQueryOptions(useApiClient(), filter), enabled });
}

export const getMangoteeVariants = (client: ApiClient, productLineId: string, productId: string) =>
  client.request(MangoteeVariantsDocument, { productLineId, productId }).then((r) => r.getMangoteeVariants);

export const mangoteeVariantsQueryOptions = (client: ApiClient, productLineId: string, productId: string) =>
  queryOptions({
    queryKey: catalogKeys.mangoteeVariants(productLineId, productId),
    queryFn: () => getMangoteeVariants(client, productLineId, productId),
    staleTime: CATALOG_STALE_MS,
  });

export function useMangoteeVariants(productLineId: string | null, productId: string | null) {
  return useQuery({ ...mangoteeVariantsQueryOptions(useApiClient(), productLineId ?? '', productId ?? ''), enabled: !!productLineId && !!productId });
}
