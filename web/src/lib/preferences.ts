import { useCallback, useState } from 'react';
import { getUserPreference, setUserPreference } from './user-data';
import { useSession } from './session';

/** A per-user preference kept in `sellerdesk:user-data` (page sizes, filters, columns). */
export function usePreference<T>(key: string, fallback: T): [T, (value: T) => void] {
  const { userId } = useSession();
  const [value, setValue] = useState<T>(() => (userId ? getUserPreference(userId, key, fallback) : fallback));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      if (userId) setUserPreference(userId, key, next);
    },
    [userId, key],
  );
  return [value, update];
}
