import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type {
  BulkApplyTemplateInput,
  BulkListingProductInput,
  BulkPublishProductsInput,
  CreateProductWithTemplateInput,
  GetProductsQuery,
  ProductFilter,
  UpdateProductInput,
} from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
import { useApiClient } from '@/lib/session';

export const GetProductsDocument = graphql(`
  query GetProducts($search: String, $filter: ProductFilter) {
    getProducts(search: $search, filter: $filter) {
      items {
        id
        name
        status
        type
        source
        images {
          id
          imageUrl
          isPrimary
          sequence
        }
        publishedShops {
          id
          name
          liveStatus
          productId
          failed
          errorMessages
          listingMode
        }
        createdAt
        updatedAt
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const GetProductDocument = graphql(`
  query GetProductById($id: ID!) {
    getProductById(id: $id) {
      id
      name
      mockupImages
      description
      brand {
        id
        name
      }
      category {
        id
        name
      }
      images {
        id
        imageUrl
        isPrimary
        sequence
      }
      publishedShops {
        id
        name
        liveStatus
        productId
        failed
        errorMessages
        listingMode
      }
      status
      source
      type
      originUrl
      packageWeight {
        value
        unit
      }
      packageDimensions {
        width
        height
        length
        unit
      }
      createdAt
      updatedAt
    }
  }
`);

export const GetProductVariantsDocument = graphql(`
  query GetProductVariants($productId: ID!) {
    getProductVariants(productId: $productId) {
      id
      sku
      quantity
      salePrice
      listPrice
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

export const UpdateProductDocument = graphql(`
  mutation UpdateProduct($id: ID!, $input: UpdateProductInput!) {
    updateProduct(id: $id, input: $input)
  }
`);

export const DeleteProductDocument = graphql(`
  mutation DeleteProduct($id: ID!) {
    deleteProduct(id: $id)
  }
`);

export const BulkDeleteProductsDocument = graphql(`
  mutation BulkDeleteProducts($productIds: [ID!]!) {
    bulkDeleteProducts(productIds: $productIds)
  }
`);

export const BulkApplyTemplateDocument = graphql(`
  mutation BulkApplyTemplate($input: BulkApplyTemplateInput!) {
    bulkApplyTemplate(input: $input) {
      successfulProducts
      batchId
    }
  }
`);

export const BulkListingProductDocument = graphql(`
  mutation BulkListingProduct($input: BulkListingProductInput!) {
    bulkListingProduct(input: $input) {
      batchId
      queued
    }
  }
`);

export const BulkRenderMockupsDocument = graphql(`
  mutation BulkRenderMockups($productIds: [ID!]!) {
    bulkRenderMockups(productIds: $productIds) {
      batchId
      queued
    }
  }
`);

export const BulkPublishProductsDocument = graphql(`
  mutation BulkPublishProducts($input: BulkPublishProductsInput!) {
    bulkPublishProducts(input: $input) {
      batchId
      queued
    }
  }
`);

export const BulkGenerateSkusDocument = graphql(`
  mutation BulkGenerateTiktokProductSku($shopId: ID!, $productIds: [ID!]!) {
    bulkGenerateTiktokProductSKU(shopId: $shopId, productIds: $productIds) {
      batchId
      queued
    }
  }
`);

export const CreateProductWithTemplateDocument = graphql(`
  mutation CreateProductWithTemplate($input: CreateProductWithTemplateInput!) {
    createProductWithTemplate(input: $input)
  }
`);

export type ProductRow = GetProductsQuery['getProducts']['items'][number];

export interface ProductsQuery {
  search: string;
  filter: ProductFilter;
}

export const productsKeys = {
  all: rootKeys.products,
  list: (q: ProductsQuery) => [...rootKeys.products, 'list', q] as const,
  detail: (id: string) => [...rootKeys.products, 'detail', id] as const,
  variants: (id: string) => [...rootKeys.products, 'detail', id, 'variants'] as const,
  brands: () => [...rootKeys.products, 'brands'] as const,
};

export const getProducts = (client: ApiClient, { search, filter }: ProductsQuery) =>
  client.request(GetProductsDocument, { filter, ...(search ? { search } : {}) }).then((r) => r.getProducts);

export const productsQueryOptions = (client: ApiClient, q: ProductsQuery) =>
  queryOptions({ queryKey: productsKeys.list(q), queryFn: () => getProducts(client, q), placeholderData: keepPreviousData });

export function useProducts(q: ProductsQuery) {
  return useQuery(productsQueryOptions(useApiClient(), q));
}

export const getProduct = (client: ApiClient, id: string) => client.request(GetProductDocument, { id }).then((r) => r.getProductById);

export const productQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: productsKeys.detail(id), queryFn: () => getProduct(client, id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(useApiClient(), id));
}

export const getProductVariants = (client: ApiClient, productId: string) =>
  client.request(GetProductVariantsDocument, { productId }).then((r) => r.getProductVariants);

export const productVariantsQueryOptions = (client: ApiClient, productId: string) =>
  queryOptions({ queryKey: productsKeys.variants(productId), queryFn: () => getProductVariants(client, productId) });

export function useProductVariants(productId: string) {
  return useQuery(productVariantsQueryOptions(useApiClient(), productId));
}

export const GetBrandsDocument = graphql(`
  query GetBrands {
    getBrands {
      id
      name
    }
  }
`);

export const getBrands = (client: ApiClient) => client.request(GetBrandsDocument).then((r) => r.getBrands);

export const productBrandsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: productsKeys.brands(), queryFn: () => getBrands(client), staleTime: 5 * 60_000 });

export function useBrands() {
  return useQuery(productBrandsQueryOptions(useApiClient()));
}

/** A mutation of this area; on success every product query is refreshed. */
function useProductsMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>, options: { silentError?: boolean } = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
    ...(options.silentError ? { meta: { silentError: true } } : {}),
  });
}

export const updateProduct = (client: ApiClient, v: { id: string; input: UpdateProductInput }) =>
  client.request(UpdateProductDocument, v).then((r) => r.updateProduct);
export const useUpdateProduct = () => useProductsMutation(updateProduct);

export const deleteProduct = (client: ApiClient, id: string) => client.request(DeleteProductDocument, { id }).then((r) => r.deleteProduct);
export const useDeleteProduct = () => useProductsMutation(deleteProduct);

export const bulkDeleteProducts = (client: ApiClient, productIds: string[]) =>
  client.request(BulkDeleteProductsDocument, { productIds }).then((r) => r.bulkDeleteProducts);
export const useBulkDeleteProducts = () => useProductsMutation(bulkDeleteProducts);

export const bulkApplyTemplate = (client: ApiClient, input: BulkApplyTemplateInput) =>
  client.request(BulkApplyTemplateDocument, { input }).then((r) => r.bulkApplyTemplate);
export const useBulkApplyTemplate = () => useProductsMutation(bulkApplyTemplate);

export const bulkListingProduct = (client: ApiClient, input: BulkListingProductInput) =>
  client.request(BulkListingProductDocument, { input }).then((r) => r.bulkListingProduct);
export const useBulkListingProduct = () => useProductsMutation(bulkListingProduct);

export const bulkPublishProducts = (client: ApiClient, input: BulkPublishProductsInput) =>
  client.request(BulkPublishProductsDocument, { input }).then((r) => r.bulkPublishProducts);
export const useBulkPublishProducts = () => useProductsMutation(bulkPublishProducts);

export const bulkGenerateSkus = (client: ApiClient, v: { shopId: string; productIds: string[] }) =>
  client.request(BulkGenerateSkusDocument, v).then((r) => r.bulkGenerateTiktokProductSKU);
export const useBulkGenerateSkus = () => useProductsMutation(bulkGenerateSkus);

export const createProductsWithTemplate = (client: ApiClient, input: CreateProductWithTemplateInput) =>
  client.request(CreateProductWithTemplateDocument, { input }).then((r) => r.createProductWithTemplate);
export const useCreateProductsWithTemplate = () => useProductsMutation(createProductsWithTemplate);

export const bulkRenderMockups = (client: ApiClient, productIds: string[]) =>
  client.request(BulkRenderMockupsDocument, { productIds }).then((r) => r.bulkRenderMockups);
export const useBulkRenderMockups = () => useProductsMutation(bulkRenderMockups);
