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
  all: ['products'] as const,
  list: (q: ProductsQuery) => ['products', 'list', q] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  variants: (id: string) => ['products', 'detail', id, 'variants'] as const,
};

export const getProducts = (client: ApiClient, { search, filter }: ProductsQuery) =>
  client.request(GetProductsDocument, { filter, ...(search ? { search } : {}) }).then((r) => r.getProducts);

export const productsQueryOptions = (client: ApiClient, q: ProductsQuery) =>
  queryOptions({ queryKey: productsKeys.list(q), queryFn: () => getProducts(client, q), placeholderData: keepPreviousData });

export function useProducts(q: ProductsQuery) {
  return useQuery(productsQueryOptions(useApiClient(), q));
}

export const productQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: productsKeys.detail(id), queryFn: () => client.request(GetProductDocument, { id }).then((r) => r.getProductById) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(useApiClient(), id));
}

export const productVariantsQueryOptions = (client: ApiClient, productId: string) =>
  queryOptions({
    queryKey: productsKeys.variants(productId),
    queryFn: () => client.request(GetProductVariantsDocument, { productId }).then((r) => r.getProductVariants),
  });

export function useProductVariants(productId: string) {
  return useQuery(productVariantsQueryOptions(useApiClient(), productId));
}

function useProductsMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>, options: { silentError?: boolean } = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
    ...(options.silentError ? { meta: { silentError: true } } : {}),
  });
}

export const useUpdateProduct = () =>
  useProductsMutation((c, v: { id: string; input: UpdateProductInput }) => c.request(UpdateProductDocument, v).then((r) => r.updateProduct));

export const useDeleteProduct = () => useProductsMutation((c, id: string) => c.request(DeleteProductDocument, { id }).then((r) => r.deleteProduct));

export const useBulkDeleteProducts = () =>
  useProductsMutation((c, productIds: string[]) => c.request(BulkDeleteProductsDocument, { productIds }).then((r) => r.bulkDeleteProducts));

export const useBulkApplyTemplate = () =>
  useProductsMutation((c, input: BulkApplyTemplateInput) => c.request(BulkApplyTemplateDocument, { input }).then((r) => r.bulkApplyTemplate));

export const useBulkListingProduct = () =>
  useProductsMutation((c, input: BulkListingProductInput) => c.request(BulkListingProductDocument, { input }).then((r) => r.bulkListingProduct));

export const useBulkPublishProducts = () =>
  useProductsMutation((c, input: BulkPublishProductsInput) => c.request(BulkPublishProductsDocument, { input }).then((r) => r.bulkPublishProducts));

export const useBulkGenerateSkus = () =>
  useProductsMutation((c, v: { shopId: string; productIds: string[] }) => c.request(BulkGenerateSkusDocument, v).then((r) => r.bulkGenerateTiktokProductSKU));

export const useCreateProductsWithTemplate = () =>
  useProductsMutation((c, input: CreateProductWithTemplateInput) => c.request(CreateProductWithTemplateDocument, { input }).then((r) => r.createProductWithTemplate));

export const GetBrandsDocument = graphql(`
  query GetBrands {
    getBrands {
      id
      name
    }
  }
`);

export function useBrands() {
  const client = useApiClient();
  return useQuery({ queryKey: ['products', 'brands'] as const, queryFn: () => client.request(GetBrandsDocument).then((r) => r.getBrands), staleTime: 5 * 60_000 });
}
