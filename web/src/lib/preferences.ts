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

/**
 * The listing mode the user chose last (live or drafts), shared by every screen that lists
 * products on shops: a seller who lists live does not want to switch from drafts every time.
 * Live by default, as that is what a first listing is for.
 */
export function useListingModePreference<T extends string>(fallback: T): [T, (mode: T) => void] {
  return usePreference<T>('listing.mode', fallback);
}
