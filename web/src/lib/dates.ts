const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** An RFC 3339 instant shown in the session's timezone, e.g. "Mar 04, 2026, 14:05:09". */
export function formatDateTime(value: string | null | undefined, timeZone: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(timeZone, true).format(date);
}

export function formatDate(value: string | null | undefined, timeZone: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatter(timeZone, false).format(date);
}

/** "12 s ago", "5 min ago": how fresh a heartbeat is. */
export function formatAge(value: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(value).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

let zoneList: string[] | null = null;

/** Every IANA zone this browser knows, UTC first. */
export function timezones(): string[] {
  if (!zoneList) {
    const supported =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
    zoneList = ['UTC', ...supported.filter((z) => z !== 'UTC')];
  }
  return zoneList;
}
