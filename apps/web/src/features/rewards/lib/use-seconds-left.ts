import { useEffect, useState } from 'react';

/**
 * Whole seconds until `until` (an ISO time), 0 once it has passed; re-rendered every second
 * while counting, and not at all afterwards. The clock is read when the caller mounts, so a
 * caller whose `until` changes is keyed by it: a stale clock would show a too-long wait for a
 * second.
 */
export function useSecondsLeft(until: string): number {
  const target = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(target)) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isFinite(target) ? Math.max(0, Math.ceil((target - now) / 1000)) : 0;
}
