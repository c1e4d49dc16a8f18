import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, for "due in 3 h" and "5 min ago" texts. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
