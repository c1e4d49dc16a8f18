import { useCallback, useMemo } from 'react';
import type { OrderDeadline, OrderFilter, OrderSortField, OrderStatus, SaleChannel, SortDirection } from '@/gql/graphql';
import { isDateRange, rangeBounds, type DateRange } from '@/lib/date-range';
import { usePreference } from '@/lib/preferences';

/**
 * The filters a seller sets once and expects to find again (per user, in their preferences):
 * which shops, which sale channel, which days, and the sort. The status tab, the deadline flag
 * and the search are of the moment and live in the address (so a dashboard card can link to
 * them) or in the screen.
 */
export interface KeptOrderFilters {
  shopIds: string[];
  saleChannel: SaleChannel | null;
  range: DateRange;
  sort: { field: OrderSortField; direction: SortDirection };
}

export const KEPT_FILTERS_KEY = 'orders.filters';

export const DEFAULT_KEPT_FILTERS: KeptOrderFilters = {
  shopIds: [],
  saleChannel: null,
  range: { preset: 'all' },
  sort: { field: 'ORDERED_AT', direction: 'DESC' },
};

const CHANNELS: SaleChannel[] = ['TIKTOK', 'AMAZON', 'WALMART'];
const SORT_FIELDS: OrderSortField[] = ['ORDERED_AT', 'TOTAL', 'SHIP_BY'];

/**
 * What was stored, made safe to use: a value from an older build, or edited by hand, falls
 * back field by field to the defaults rather than breaking the screen.
 */
export function sanitizeKeptFilters(value: unknown): KeptOrderFilters {
  if (!value || typeof value !== 'object') return DEFAULT_KEPT_FILTERS;
  const v = value as Partial<Record<keyof KeptOrderFilters, unknown>>;
  const shopIds = Array.isArray(v.shopIds) ? v.shopIds.filter((id): id is string => typeof id === 'string') : [];
  const saleChannel = CHANNELS.includes(v.saleChannel as SaleChannel) ? (v.saleChannel as SaleChannel) : null;
  const range = isDateRange(v.range) ? v.range : DEFAULT_KEPT_FILTERS.range;
  const s = v.sort as { field?: unknown; direction?: unknown } | undefined;
  const sort =
    s && SORT_FIELDS.includes(s.field as OrderSortField) && (s.direction === 'ASC' || s.direction === 'DESC')
      ? { field: s.field as OrderSortField, direction: s.direction as SortDirection }
      : DEFAULT_KEPT_FILTERS.sort;
  return { shopIds, saleChannel, range, sort };
}

export function isDefaultKept(f: KeptOrderFilters): boolean {
  return f.shopIds.length === 0 && f.saleChannel === null && f.range.preset === 'all';
}

/** The kept filters of the signed-in user, and a way to change some of them. */
export function useKeptOrderFilters(): {
  filters: KeptOrderFilters;
  update: (patch: Partial<KeptOrderFilters>) => void;
  reset: () => void;
} {
  const [stored, setStored] = usePreference<unknown>(KEPT_FILTERS_KEY, DEFAULT_KEPT_FILTERS);
  const filters = useMemo(() => sanitizeKeptFilters(stored), [stored]);
  const update = useCallback((patch: Partial<KeptOrderFilters>) => setStored({ ...filters, ...patch }), [filters, setStored]);
  // The sort is how a person reads the list, not a filter: clearing filters keeps it.
  const reset = useCallback(() => setStored({ ...DEFAULT_KEPT_FILTERS, sort: filters.sort }), [filters.sort, setStored]);
  return { filters, update, reset };
}

export interface MomentFilters {
  status?: OrderStatus | null;
  deadline?: OrderDeadline | null;
  search?: string;
}

/**
 * The API's filter for what is on screen, without paging or sort. The days are read in
 * `timeZone` (the user's) and sent as instants; the zone goes along for what the server counts
 * per day (the chart) when the user has no TIMEZONE setting of their own. `now` fixes "today".
 */
export function toOrderFilter(kept: KeptOrderFilters, moment: MomentFilters, timeZone: string, now: Date = new Date()): OrderFilter {
  const search = moment.search?.trim();
  return {
    timezone: timeZone,
    ...(moment.status ? { status: moment.status } : {}),
    ...(moment.deadline ? { deadline: moment.deadline } : {}),
    ...(search ? { search } : {}),
    ...(kept.shopIds.length ? { shopIds: kept.shopIds } : {}),
    ...(kept.saleChannel ? { saleChannel: kept.saleChannel } : {}),
    ...rangeBounds(kept.range, timeZone, now),
  };
}
