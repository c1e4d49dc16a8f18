/**
 * Small look-ups several areas pick from (a shop to list on, a template to apply, a staff member
 * to assign). They live here, not in a feature, because features do not import each other; each
 * key starts with its area's root key, so that area's mutations refresh them too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { SaleChannel } from '@/gql/graphql';
import type { ApiClient } from './api-client';
import { rootKeys } from './query-keys';
import { useApiClient } from './session';

/** The most options a picker loads (the API's page limit). */
export const OPTIONS_LIMIT = 100;

export const ShopOptionsDocument = graphql(`
  query ShopOptions($filter: ShopFilter) {
    getShops(filter: $filter) {
      items {
        id
        name
        saleChannel
        status
        connection
      }
      pageInfo {
        totalCount
      }
    }
  }
`);

export const TemplateOptionsDocument = graphql(`
  query TemplateOptions($filter: ProductTemplateFilter) {
    getProductTemplates(filter: $filter) {
      items {
        id
        name
        title
        type
        status
      }
    }
  }
`);

export const StaffOptionsDocument = graphql(`
  query StaffOptions($limit: Int, $page: Int) {
    getUsers(limit: $limit, page: $page) {
      items {
        id
        email
        firstName
        lastName
        role
      }
    }
  }
`);

export const lookupKeys = {
  shops: (saleChannel?: SaleChannel) => [...rootKeys.shops, 'options', saleChannel ?? 'ALL'] as const,
  templates: () => [...rootKeys.templates, 'options'] as const,
  staff: () => [...rootKeys.users, 'staff'] as const,
};

export const getShopOptions = (client: ApiClient, saleChannel?: SaleChannel) =>
  client
    .request(ShopOptionsDocument, { filter: { limit: OPTIONS_LIMIT, page: 1, ...(saleChannel ? { saleChannel } : {}) } })
    .then((r) => r.getShops.items);

export const shopOptionsQueryOptions = (client: ApiClient, saleChannel?: SaleChannel) =>
  queryOptions({ queryKey: lookupKeys.shops(saleChannel), queryFn: () => getShopOptions(client, saleChannel) });

export function useShopOptions(saleChannel?: SaleChannel, enabled = true) {
  return useQuery({ ...shopOptionsQueryOptions(useApiClient(), saleChannel), enabled });
}

export const getTemplateOptions = (client: ApiClient) =>
  client.request(TemplateOptionsDocument, { filter: { limit: OPTIONS_LIMIT, page: 1 } }).then((r) => r.getProductTemplates.items);

export const templateOptionsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: lookupKeys.templates(), queryFn: () => getTemplateOptions(client) });

export function useTemplateOptions(enabled = true) {
  return useQuery({ ...templateOptionsQueryOptions(useApiClient()), enabled });
}

/** STAFF users of the client (admins see every shop anyway); only admins may ask. */
export const getStaffOptions = (client: ApiClient) =>
  client.request(StaffOptionsDocument, { limit: OPTIONS_LIMIT, page: 1 }).then((r) => r.getUsers.items.filter((u) => u.role === 'STAFF'));

export const staffOptionsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: lookupKeys.staff(), queryFn: () => getStaffOptions(client) });

export function useStaffOptions(enabled = true) {
  return useQuery({ ...staffOptionsQueryOptions(useApiClient()), enabled });
}

export const saleChannelLabels: Record<SaleChannel, string> = { TIKTOK: 'TikTok Shop', AMAZON: 'Amazon', WALMART: 'Walmart' };
