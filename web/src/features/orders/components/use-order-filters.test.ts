import { DEFAULT_KEPT_FILTERS, sanitizeKeptFilters, toOrderFilter } from './use-order-filters';

describe('order filters', () => {
  it('reads kept filters back field by field, dropping what this build does not know', () => {
    expect(sanitizeKeptFilters(undefined)).toEqual(DEFAULT_KEPT_FILTERS);
    expect(sanitizeKeptFilters('last7')).toEqual(DEFAULT_KEPT_FILTERS);
    expect(
      sanitizeKeptFilters({
        shopIds: ['s1', 7, 's2'],
        saleChannel: 'EBAY',
        range: { preset: 'last7' },
        sort: { field: 'TOTAL', direction: 'ASC' },
      }),
    ).toEqual({ shopIds: ['s1', 's2'], saleChannel: null, range: { preset: 'last7' }, sort: { field: 'TOTAL', direction: 'ASC' } });
    expect(sanitizeKeptFilters({ saleChannel: 'TIKTOK', range: { preset: 'fortnight' }, sort: { field: 'PRICE', direction: 'UP' } })).toEqual({
      ...DEFAULT_KEPT_FILTERS,
      saleChannel: 'TIKTOK',
    });
  });

  it('sends the days of the range as instants of the user timezone, and the zone itself', () => {
    const now = new Date('2026-03-05T06:00:00Z'); // 01:00 on March 5th in New York
    const filter = toOrderFilter(
      { ...DEFAULT_KEPT_FILTERS, shopIds: ['s1'], saleChannel: 'TIKTOK', range: { preset: 'today' } },
      { status: 'AWAITING_SHIPMENT', deadline: 'OVERDUE', search: '  hoodie ' },
      'America/New_York',
      now,
    );
    expect(filter).toEqual({
      timezone: 'America/New_York',
      status: 'AWAITING_SHIPMENT',
      deadline: 'OVERDUE',
      search: 'hoodie',
      shopIds: ['s1'],
      saleChannel: 'TIKTOK',
      from: '2026-03-05T05:00:00.000Z',
      to: '2026-03-06T04:59:59.999Z',
    });
    // The same moment is still March 4th in Los Angeles: "today" is that day there.
    expect(toOrderFilter({ ...DEFAULT_KEPT_FILTERS, range: { preset: 'today' } }, {}, 'America/Los_Angeles', now)).toEqual({
      timezone: 'America/Los_Angeles',
      from: '2026-03-04T08:00:00.000Z',
      to: '2026-03-05T07:59:59.999Z',
    });
    expect(toOrderFilter(DEFAULT_KEPT_FILTERS, { search: '   ' }, 'UTC', now)).toEqual({ timezone: 'UTC' });
  });
});
