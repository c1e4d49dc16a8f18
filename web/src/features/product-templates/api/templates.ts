import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { GetProductTemplatesQuery, ProductTemplateFilter, ProductTemplateInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { useApiClient } from '@/lib/session';

export const GetProductTemplatesDocument = graphql(`
  query GetProductTemplates($filter: ProductTemplateFilter) {
    getProductTemplates(filter: $filter) {
      items {
        id
        name
        title
        type
        status
        tiktokCategoryId
        images
        variants
        priceFormula
        createdAt
      }
      pageInfo {
        totalCount
        hasNextPage
        hasPreviousPage
      }
    }
  }
`);

export const GetProductTemplateDocument = graphql(`
  query GetProductTemplate($templateId: ID!) {
    getProductTemplate(templateId: $templateId) {
      id
      name
      title
      description
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
      tiktokCategoryId
      tiktokBrandId
      images
      sizeChart
      variants
      tiktokProductAttribute
      priceFormula
      type
      status
      createdAt
    }
  }
`);

export const CreateProductTemplateDocument = graphql(`
  mutation CreateProductTemplate($input: ProductTemplateInput!) {
    createProductTemplate(input: $input) {
      id
      name
    }
  }
`);

export const UpdateProductTemplateDocument = graphql(`
  mutation UpdateProductTemplate($templateId: ID!, $input: ProductTemplateInput!) {
    updateProductTemplate(templateId: $templateId, input: $input) {
      id
      name
    }
  }
`);

export const RemoveProductTemplateDocument = graphql(`
  mutation RemoveProductTemplate($templateId: ID!) {
    removeProductTemplate(templateId: $templateId)
  }
`);

export const GetLocalTiktokCategoriesDocument = graphql(`
  query GetLocalTiktokCategories {
    getLocalTiktokCategories {
      id
      parentId
      name
      isLeaf
      permissionStatuses
    }
  }
`);

export const GetTiktokCategoryAttributesDocument = graphql(`
  query GetTiktokCategoryAttributes($categoryId: ID!) {
    getTiktokCategoryAttributes(categoryId: $categoryId) {
      id
      name
      type
      is_requried
      is_customizable
      is_multiple_selection
      value_data_format
      values {
        id
        name
      }
      requirement_conditions {
        condition_type
        attribute_id
        attribute_value_id
      }
    }
  }
`);

export const GetTiktokBrandsDocument = graphql(`
  query GetTiktokBrands($brandName: String) {
    getTiktokBrands(brandName: $brandName) {
      id
      name
      authorized_status
      brand_status
      is_t1_brand
    }
  }
`);

export type TemplateRow = GetProductTemplatesQuery['getProductTemplates']['items'][number];

export const templatesKeys = {
  all: ['templates'] as const,
  list: (filter: ProductTemplateFilter) => ['templates', 'list', filter] as const,
  detail: (id: string) => ['templates', 'detail', id] as const,
  categories: ['tiktok-catalog', 'categories'] as const,
  attributes: (categoryId: string) => ['tiktok-catalog', 'attributes', categoryId] as const,
  brands: (name: string) => ['tiktok-catalog', 'brands', name] as const,
};

export const templatesQueryOptions = (client: ApiClient, filter: ProductTemplateFilter) =>
  queryOptions({
    queryKey: templatesKeys.list(filter),
    queryFn: () => client.request(GetProductTemplatesDocument, { filter }).then((r) => r.getProductTemplates),
    placeholderData: keepPreviousData,
  });

export function useTemplates(filter: ProductTemplateFilter) {
  return useQuery(templatesQueryOptions(useApiClient(), filter));
}

export const templateQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: templatesKeys.detail(id), queryFn: () => client.request(GetProductTemplateDocument, { templateId: id }).then((r) => r.getProductTemplate) });

export function useTemplate(id: string | undefined) {
  return useQuery({ ...templateQueryOptions(useApiClient(), id ?? ''), enabled: !!id });
}

/** The local copy of TikTok's category tree (refreshed daily by the server). */
export function useTiktokCategories() {
  const client = useApiClient();
  return useQuery({
    queryKey: templatesKeys.categories,
    queryFn: () => client.request(GetLocalTiktokCategoriesDocument).then((r) => r.getLocalTiktokCategories),
    staleTime: 60 * 60_000,
  });
}

export function useCategoryAttributes(categoryId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: templatesKeys.attributes(categoryId ?? ''),
    queryFn: () => client.request(GetTiktokCategoryAttributesDocument, { categoryId: categoryId ?? '' }).then((r) => r.getTiktokCategoryAttributes),
    enabled: !!categoryId,
    staleTime: 10 * 60_000,
  });
}

export const brandsQueryOptions = (client: ApiClient, name: string) =>
  queryOptions({
    queryKey: templatesKeys.brands(name),
    queryFn: () => client.request(GetTiktokBrandsDocument, name ? { brandName: name } : {}).then((r) => r.getTiktokBrands),
    staleTime: 5 * 60_000,
  });

function useTemplatesMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

export const useCreateTemplate = () =>
  useTemplatesMutation((c, input: ProductTemplateInput) => c.request(CreateProductTemplateDocument, { input }).then((r) => r.createProductTemplate));

export const useUpdateTemplate = () =>
  useTemplatesMutation((c, v: { templateId: string; input: ProductTemplateInput }) => c.request(UpdateProductTemplateDocument, v).then((r) => r.updateProductTemplate));

export const useRemoveTemplate = () =>
  useTemplatesMutation((c, templateId: string) => c.request(RemoveProductTemplateDocument, { templateId }).then((r) => r.removeProductTemplate));
