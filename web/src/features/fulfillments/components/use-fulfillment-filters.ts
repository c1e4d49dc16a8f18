import { useCallback, useMemo } from 'react';
import type { FulfillmentOrderFilter, FulfillmentOrderSortField, FulfillmentOrderStatus, SortDirection } from '@/gql/graphql';
import { usePreference } from '@/lib/preferences';

/**
 * What a seller sets once on the fulfilment list and expects to find again (per user): the
 * provider account and the sort. The status tab lives in the address, the search in the screen.
 */
export interface KeptFulfillmentFilters {
  providerId: string | null;
  sort: { field: FulfillmentOrderSortField; direction: SortDirection };
}

export const KEPT_FULFILLMENT_FILTERS_KEY = 'fulfillments.filters';

export const DEFAULT_FULFILLMENT_FILTERS: KeptFulfillmentFilters = { providerId: null, sort: { field: 'CREATED_AT', direction: 'DESC' } };

const SORT_FIELDS: FulfillmentOrderSortField[] = ['CREATED_AT', 'UPDATED_AT', 'TOTAL'];

/** A stored value from an older build, or edited by hand, falls back field by field. */
export function sanitizeFulfillmentFilters(value: unknown): KeptFulfillmentFilters {
  if (!value || typeof value !== 'object') return DEFAULT_FULFILLMENT_FILTERS;
  const v = value as { providerId?: unknown; sort?: { field?: unknown; direction?: unknown } };
  const providerId = typeof v.providerId === 'string' && v.providerId ? v.providerId : null;
  const s = v.sort;
  const sort =
    s && SORT_FIELDS.includes(s.field as FulfillmentOrderSortField) && (s.direction === 'ASC' || s.direction === 'DESC')
      ? { field: s.field as FulfillmentOrderSortField, direction: s.direction as SortDirection }
      : DEFAULT_FULFILLMENT_FILTERS.sort;
  return { providerId, sort };
}

export function useKeptFulfillmentFilters() {
  const [stored, setStored] = usePreference<unknown>(KEPT_FULFILLMENT_FILTERS_KEY, DEFAULT_FULFILLMENT_FILTERS);
  const filters = useMemo(() => sanitizeFulfillmentFilters(stored), [stored]);
  const update = useCallback((patch: Partial<KeptFulfillmentFilters>) => setStored({ ...filters, ...patch }), [filters, setStored]);
  return { filters, update };
}

/** The API's filter for what is on screen. */
export function toFulfillmentFilter(
  kept: KeptFulfillmentFilters,
  moment: { status: FulfillmentOrderStatus | null; search: string },
  page: { limit: number; page: number },
): FulfillmentOrderFilter {
  const search = moment.search.trim();
  return {
    ...(moment.status ? { status: moment.status } : {}),
    ...(kept.providerId ? { providerId: kept.providerId } : {}),
    ...(search ? { search } : {}),
    sort: kept.sort.field,
    sortDirection: kept.sort.direction,
    limit: page.limit,
    page: page.page,
  };
}
