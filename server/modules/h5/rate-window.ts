/**
 * Fixed-window request counters for the public calls of published pages (form submissions, page
 * views, the datasource proxy): `hit(key)` counts one request and says whether it is within
 * `limit` per `windowMs`. Kept in this instance's memory (cheap: one map entry per active key,
 * swept as windows end); behind a load balancer each instance counts its own share, so the
 * effective limit is the limit times the instances. Entries are capped so a flood of addresses
 * cannot grow memory without bound (at the cap the oldest windows are dropped).
 */
export interface RateWindow {
  /** Counts a request; true when it is allowed. */
  hit(key: string): boolean;
  /** Seconds until the key's window ends (for Retry-After). */
  retryAfter(key: string): number;
}

export function rateWindow(limit: number, windowMs: number, now: () => number = Date.now, maxKeys = 100_000): RateWindow {
  const counts = new Map<string, { n: number; until: number }>();
  let sweptAt = 0;

  const sweep = (t: number) => {
    if (t - sweptAt < windowMs && counts.size < maxKeys) return;
    sweptAt = t;
    for (const [k, v] of counts) if (v.until <= t) counts.delete(k);
    // Still full: drop the oldest entries (insertion order).
    for (const k of counts.keys()) {
      if (counts.size < maxKeys) break;
      counts.delete(k);
    }
  };

  return {
    hit(key) {
      const t = now();
      sweep(t);
      const entry = counts.get(key);
      if (!entry || entry.until <= t) {
        counts.delete(key);
        counts.set(key, { n: 1, until: t + windowMs });
        return limit >= 1;
      }
      entry.n += 1;
      return entry.n <= limit;
    },
    retryAfter(key) {
      const entry = counts.get(key);
      return entry ? Math.max(1, Math.ceil((entry.until - now()) / 1000)) : 1;
    },
  };
}
