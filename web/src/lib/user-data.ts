/**
 * Per-user preferences (table columns, page sizes, last filters) in local storage, under one key
 * and keyed by user id, so two people sharing a browser keep their own.
 */
export const USER_DATA_KEY = 'sellerdesk:user-data';

type Preferences = Record<string, unknown>;
type UserData = Record<string, Preferences>;

function readAll(): UserData {
  try {
    const raw = window.localStorage.getItem(USER_DATA_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as UserData) : {};
  } catch {
    return {};
  }
}

export function getUserPreferences(userId: string): Preferences {
  return readAll()[userId] ?? {};
}

export function getUserPreference<T>(userId: string, key: string, fallback: T): T {
  const prefs = getUserPreferences(userId);
  return key in prefs ? (prefs[key] as T) : fallback;
}

export function setUserPreference(userId: string, key: string, value: unknown): void {
  const all = readAll();
  all[userId] = { ...(all[userId] ?? {}), [key]: value };
  try {
    window.localStorage.setItem(USER_DATA_KEY, JSON.stringify(all));
  } catch {
    /* storage full or blocked: the preference simply does not persist */
  }
}
