import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { GetProductTemplatesQuery, ProductTemplateFilter, ProductTemplateInput } from '@/gql/graphql';
import type { ApiClient } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';
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
      amazonProductType
      amazonAttributes
      walmartCategory
      walmartItemSpec
      priceFormula
      type
      status
      createdAt
      mockupBlanks {
        id
        side
        imageUrl
        width
        height
        position
        printArea {
          x
          y
          width
          height
        }
      }
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
  all: rootKeys.templates,
  list: (filter: ProductTemplateFilter) => [...rootKeys.templates, 'list', filter] as const,
  detail: (id: string) => [...rootKeys.templates, 'detail', id] as const,
};

/** TikTok's catalogue (categories, their attributes, brands): read-only here, so its own root. */
export const GetTiktokCategoryRulesDocument = graphql(`
  query GetTiktokCategoryRules($categoryId: ID!) {
    getTiktokCategoryRules(categoryId: $categoryId) {
      categoryId
      known
      packageWeightRequired
      packageDimensionsRequired
      sizeChartRequired
      minImages
      requiredAttributes {
        id
        name
        whenAttributeId
        whenValueId
      }
    }
  }
`);

export const tiktokCatalogKeys = {
  all: rootKeys.tiktokCatalog,
  categories: () => [...rootKeys.tiktokCatalog, 'categories'] as const,
  attributes: (categoryId: string) => [...rootKeys.tiktokCatalog, 'attributes', categoryId] as const,
  rules: (categoryId: string) => [...rootKeys.tiktokCatalog, 'rules', categoryId] as const,
  brands: (name: string) => [...rootKeys.tiktokCatalog, 'brands', name] as const,
};

export const getTemplates = (client: ApiClient, filter: ProductTemplateFilter) =>
  client.request(GetProductTemplatesDocument, { filter }).then((r) => r.getProductTemplates);

export const templatesQueryOptions = (client: ApiClient, filter: ProductTemplateFilter) =>
  queryOptions({ queryKey: templatesKeys.list(filter), queryFn: () => getTemplates(client, filter), placeholderData: keepPreviousData });

export function useTemplates(filter: ProductTemplateFilter) {
  return useQuery(templatesQueryOptions(useApiClient(), filter));
}

export const getTemplate = (client: ApiClient, id: string) =>
  client.request(GetProductTemplateDocument, { templateId: id }).then((r) => r.getProductTemplate);

export const templateQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: templatesKeys.detail(id), queryFn: () => getTemplate(client, id) });

export function useTemplate(id: string | undefined) {
  return useQuery({ ...templateQueryOptions(useApiClient(), id ?? ''), enabled: !!id });
}

export const getTiktokCategories = (client: ApiClient) => client.request(GetLocalTiktokCategoriesDocument).then((r) => r.getLocalTiktokCategories);

/** The local copy of TikTok's category tree (refreshed daily by the server). */
export const tiktokCategoriesQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: tiktokCatalogKeys.categories(), queryFn: () => getTiktokCategories(client), staleTime: 60 * 60_000 });

export function useTiktokCategories() {
  return useQuery(tiktokCategoriesQueryOptions(useApiClient()));
}

export const getCategoryAttributes = (client: ApiClient, categoryId: string) =>
  client.request(GetTiktokCategoryAttributesDocument, { categoryId }).then((r) => r.getTiktokCategoryAttributes);

export const categoryAttributesQueryOptions = (client: ApiClient, categoryId: string) =>
  queryOptions({ queryKey: tiktokCatalogKeys.attributes(categoryId), queryFn: () => getCategoryAttributes(client, categoryId), staleTime: 10 * 60_000 });

export function useCategoryAttributes(categoryId: string | null) {
  return useQuery({ ...categoryAttributesQueryOptions(useApiClient(), categoryId ?? ''), enabled: !!categoryId });
}

export const getCategoryRules = (client: ApiClient, categoryId: string) =>
  client.request(GetTiktokCategoryRulesDocument, { categoryId }).then((r) => r.getTiktokCategoryRules);

export const categoryRulesQueryOptions = (client: ApiClient, categoryId: string) =>
  queryOptions({ queryKey: tiktokCatalogKeys.rules(categoryId), queryFn: () => getCategoryRules(client, categoryId), staleTime: 10 * 60_000 });

/** What the chosen category requires (package dimensions, required properties…), for marking the form. */
export function useCategoryRules(categoryId: string | null) {
  return useQuery({ ...categoryRulesQueryOptions(useApiClient(), categoryId ?? ''), enabled: !!categoryId });
}

export const getTiktokBrands = (client: ApiClient, name: string) =>
  client.request(GetTiktokBrandsDocument, name ? { brandName: name } : {}).then((r) => r.getTiktokBrands);

export const brandsQueryOptions = (client: ApiClient, name: string) =>
  queryOptions({ queryKey: tiktokCatalogKeys.brands(name), queryFn: () => getTiktokBrands(client, name), staleTime: 5 * 60_000 });

/** A mutation of this area; on success every template query is refreshed. */
function useTemplatesMutation<TVars, TResult>(fn: (client: ApiClient, vars: TVars) => Promise<TResult>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => fn(client, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

export const createTemplate = (client: ApiClient, input: ProductTemplateInput) =>
  client.request(CreateProductTemplateDocument, { input }).then((r) => r.createProductTemplate);
export const useCreateTemplate = () => useTemplatesMutation(createTemplate);

export const updateTemplate = (client: ApiClient, v: { templateId: string; input: ProductTemplateInput }) =>
  client.request(UpdateProductTemplateDocument, v).then((r) => r.updateProductTemplate);
export const useUpdateTemplate = () => useTemplatesMutation(updateTemplate);

export const removeTemplate = (client: ApiClient, templateId: string) =>
  client.request(RemoveProductTemplateDocument, { templateId }).then((r) => r.removeProductTemplate);
export const useRemoveTemplate = () => useTemplatesMutation(removeTemplate);
