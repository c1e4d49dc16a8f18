/**
 * Date ranges as a seller means them: calendar days in their timezone (the TIMEZONE setting, else
 * the browser's), not in UTC and not in the browser's zone when the two differ. A day is a
 * `YYYY-MM-DD` string; it becomes instants only at the API's edge, as the first instant of the
 * first day and the last instant of the last day in that zone, so an order at 00:30 local time
 * counts on that local day whatever zone the server or the browser runs in.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

export type RangePreset = 'today' | 'yesterday' | 'last7' | 'last30' | 'last90' | 'thisMonth' | 'lastMonth' | 'all' | 'custom';

/** What a user picked, as it is kept in their preferences: a preset, or two days. */
export interface DateRange {
  preset: RangePreset;
  /** Only for `custom`. */
  from?: Day;
  to?: Day;
}

export const rangePresetLabels: Record<RangePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  all: 'All time',
  custom: 'Custom range',
};

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(value: unknown): value is Day {
  if (typeof value !== 'string') return false;
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayParts(instant: Date, timeZone: string): Intl.DateTimeFormatPart[] {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dayFormatters.set(timeZone, f);
  }
  return f.formatToParts(instant);
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): number {
  return Number(parts.find((p) => p.type === type)?.value ?? 0);
}

/** The calendar day an instant falls on in `timeZone`. */
export function dayOf(instant: Date | string, timeZone: string): Day {
  const parts = dayParts(typeof instant === 'string' ? new Date(instant) : instant, timeZone);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(part(parts, 'year'), 4)}-${pad(part(parts, 'month'))}-${pad(part(parts, 'day'))}`;
}

export function todayIn(timeZone: string, now: Date = new Date()): Day {
  return dayOf(now, timeZone);
}

/** Calendar arithmetic on a day (no zone involved: a day is a day). */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = dayParts(instant, timeZone);
  const asUtc = Date.UTC(part(p, 'year'), part(p, 'month') - 1, part(p, 'day'), part(p, 'hour'), part(p, 'minute'), part(p, 'second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first instant of `day` in `timeZone`. Midnight can be skipped by a DST change (some zones
 * move at 00:00): the day then starts at the first instant that reads as that day.
 */
export function startOfDay(day: Day, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle the offset on either side of a change.
  let instant = new Date(guess - offsetAt(new Date(guess), timeZone));
  instant = new Date(guess - offsetAt(instant, timeZone));
  if (dayOf(instant, timeZone) !== day) {
    // Landed on the previous day (midnight skipped): step forward to the first hour of `day`.
    for (let h = 1; h <= 3 && dayOf(instant, timeZone) !== day; h++) instant = new Date(instant.getTime() + 3_600_000);
  }
  return instant;
}

/** The days a preset stands for, today being read in `timeZone`; `all` has no bounds. */
export function resolveRange(range: DateRange, timeZone: string, now: Date = new Date()): { from?: Day; to?: Day } {
  const today = todayIn(timeZone, now);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (range.preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'all':
      return {};
    case 'custom': {
      const from = isDay(range.from) ? range.from : undefined;
      const to = isDay(range.to) ? range.to : undefined;
      // A range picked backwards means the same days.
      if (from && to && from > to) return { from: to, to: from };
      return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    }
  }
}

/**
 * The range as the API's `from`/`to`: RFC 3339 instants, the first instant of the first day and
 * the last millisecond of the last day in `timeZone`. Instants, not days, so the bounds mean the
 * same whether or not the user has a TIMEZONE setting the server could read them in.
 */
export function rangeBounds(range: DateRange, timeZone: string, now: Date = new Date()): { from?: string; to?: string } {
  const { from, to } = resolveRange(range, timeZone, now);
  return {
    ...(from ? { from: startOfDay(from, timeZone).toISOString() } : {}),
    ...(to ? { to: new Date(startOfDay(addDays(to, 1), timeZone).getTime() - 1).toISOString() } : {}),
  };
}

/** Every day from `from` to `to`, both included (at most `limit`, so a typo cannot hang a chart). */
export function daysBetween(from: Day, to: Day, limit = 1000): Day[] {
  const days: Day[] = [];
  for (let d = from; d <= to && days.length < limit; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Is `value` a range as kept in preferences (anything else falls back to the default)? */
export function isDateRange(value: unknown): value is DateRange {
  if (!value || typeof value !== 'object') return false;
  const preset = (value as { preset?: unknown }).preset;
  return typeof preset === 'string' && preset in rangePresetLabels;
}

/** "Mar 04 – Mar 10, 2026", "Mar 04, 2026": the days of a range for a label. */
export function formatDayRange(from: Day | undefined, to: Day | undefined): string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: '2-digit', year: 'numeric' });
  const show = (d: Day) => f.format(new Date(`${d}T00:00:00Z`));
  if (from && to) return from === to ? show(from) : `${show(from)} – ${show(to)}`;
  if (from) return `From ${show(from)}`;
  if (to) return `Until ${show(to)}`;
  return 'All time';
}

/** "Mar 04": a day on a chart's axis. */
export function formatShortDay(day: Day): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: '2-digit' }).format(new Date(`${day}T00:00:00Z`));
}

/** A wall-clock time in a zone, as `<input type="datetime-local">` reads it: `YYYY-MM-DDTHH:mm`. */
export type WallTime = string;

const WALL_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time names in `timeZone` (a promotion's begin as the seller types it).
 * A time a DST change skips is moved forward by the gap; a repeated hour takes its first
 * occurrence. Null when the text is not a wall time.
 */
export function instantAt(wall: WallTime, timeZone: string): Date | null {
  const m = WALL_RE.exec(wall);
  if (!m || !isDay(m[1])) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 23 || minutes > 59) return null;
  const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, mo - 1, d, hours, minutes);
  // As in startOfDay: two passes settle the offset on either side of a change. The one that reads
  // back as the wall time wins; in a gap neither does, and the later one is the time moved
  // forward by the gap (what a clock set to it would show).
  const first = guess - offsetAt(new Date(guess), timeZone);
  const second = guess - offsetAt(new Date(first), timeZone);
  const exact = [second, first].find((t) => wallTimeOf(new Date(t), timeZone) === wall);
  return new Date(exact ?? Math.max(first, second));
}

/** The wall-clock time of an instant in `timeZone`, to the minute. */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const p = dayParts(instant, timeZone);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(part(p, 'year'), 4)}-${pad(part(p, 'month'))}-${pad(part(p, 'day'))}T${pad(part(p, 'hour'))}:${pad(part(p, 'minute'))}`;
}
