import { addDays, dayOf, daysBetween, instantAt, isDateRange, isDay, rangeBounds, resolveRange, startOfDay, todayIn, wallTimeOf } from './date-range';

describe('date ranges in the user timezone', () => {
  it('reads the day of an instant in the zone, not in UTC', () => {
    // 00:30 on March 5th in New York is 05:30 UTC: it counts on the 5th there.
    expect(dayOf('2026-03-05T05:30:00Z', 'America/New_York')).toBe('2026-03-05');
    // 23:30 on March 4th in New York is already the 5th in UTC.
    expect(dayOf('2026-03-05T04:30:00Z', 'America/New_York')).toBe('2026-03-04');
    expect(dayOf('2026-03-05T04:30:00Z', 'UTC')).toBe('2026-03-05');
    // Ahead of UTC: 00:30 on the 5th in Ho Chi Minh City is the 4th at 17:30 UTC.
    expect(dayOf('2026-03-04T17:30:00Z', 'Asia/Ho_Chi_Minh')).toBe('2026-03-05');
  });

  it('gives the bounds of a day as instants of that zone, so 00:30 local falls inside', () => {
    expect(rangeBounds({ preset: 'custom', from: '2026-03-05', to: '2026-03-05' }, 'America/New_York')).toEqual({
      from: '2026-03-05T05:00:00.000Z',
      to: '2026-03-06T04:59:59.999Z',
    });
    const { from, to } = rangeBounds({ preset: 'custom', from: '2026-03-05', to: '2026-03-05' }, 'Asia/Ho_Chi_Minh');
    expect(from).toBe('2026-03-04T17:00:00.000Z');
    expect(to).toBe('2026-03-05T16:59:59.999Z');
    const order = new Date('2026-03-04T17:30:00Z'); // 00:30 on the 5th in Ho Chi Minh City
    expect(order >= new Date(from!) && order <= new Date(to!)).toBe(true);
  });

  it('follows daylight saving: a day can be 23 or 25 hours long', () => {
    // The US moved to summer time on 2026-03-08 at 02:00.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Zones that skip midnight itself start the day at the first instant that reads as that day
    // (Santiago moved from 00:00 to 01:00 on 2025-09-07).
    const start = startOfDay('2025-09-07', 'America/Santiago');
    expect(dayOf(start, 'America/Santiago')).toBe('2025-09-07');
    expect(dayOf(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2025-09-06');
  });

  it('resolves presets from today in the zone', () => {
    // 02:00 UTC on March 1st is still February 28th in Los Angeles.
    const now = new Date('2026-03-01T02:00:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-02-28');
    expect(resolveRange({ preset: 'today' }, 'America/Los_Angeles', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(resolveRange({ preset: 'today' }, 'UTC', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(resolveRange({ preset: 'last7' }, 'America/Los_Angeles', now)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(resolveRange({ preset: 'thisMonth' }, 'America/Los_Angeles', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(resolveRange({ preset: 'lastMonth' }, 'America/Los_Angeles', now)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(resolveRange({ preset: 'yesterday' }, 'UTC', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(resolveRange({ preset: 'all' }, 'UTC', now)).toEqual({});
    expect(rangeBounds({ preset: 'all' }, 'UTC', now)).toEqual({});
  });

  it('takes a custom range in either order and ignores a bad day', () => {
    expect(resolveRange({ preset: 'custom', from: '2026-03-10', to: '2026-03-02' }, 'UTC')).toEqual({ from: '2026-03-02', to: '2026-03-10' });
    expect(resolveRange({ preset: 'custom', from: '2026-02-30', to: '2026-03-02' }, 'UTC')).toEqual({ to: '2026-03-02' });
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDateRange({ preset: 'last7' })).toBe(true);
    expect(isDateRange({ preset: 'fortnight' })).toBe(false);
    expect(isDateRange('last7')).toBe(false);
  });

  it('walks calendar days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('wall-clock times in the user timezone', () => {
  it('reads a wall time in the zone, not in the browser', () => {
    expect(instantAt('2026-05-01T10:00', 'Asia/Ho_Chi_Minh')?.toISOString()).toBe('2026-05-01T03:00:00.000Z');
    expect(instantAt('2026-05-01T10:00', 'America/New_York')?.toISOString()).toBe('2026-05-01T14:00:00.000Z');
    expect(instantAt('2026-01-15T23:30', 'UTC')?.toISOString()).toBe('2026-01-15T23:30:00.000Z');
  });

  it('settles on either side of a DST change', () => {
    // After the spring change the offset is -4, before it -5.
    expect(instantAt('2026-03-08T03:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(instantAt('2026-03-08T01:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    // 02:30 does not exist that night: moved forward by the gap.
    expect(instantAt('2026-03-08T02:30', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice in the autumn: the first one.
    expect(instantAt('2026-11-01T01:30', 'America/New_York')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses what is not a wall time, and writes one back', () => {
    expect(instantAt('2026-02-30T10:00', 'UTC')).toBeNull();
    expect(instantAt('2026-05-01T24:00', 'UTC')).toBeNull();
    expect(instantAt('tomorrow', 'UTC')).toBeNull();
    expect(wallTimeOf(new Date('2026-05-01T03:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-05-01T10:00');
    expect(wallTimeOf(new Date('2026-05-01T03:00:59Z'), 'UTC')).toBe('2026-05-01T03:00');
  });
});
