/**
 * Which of a work's images fail to load (the "failed to load" issue): each URL loaded once by an
 * Image in the browser, at most `limit` at a time, a load taking longer than `timeoutMs` counted as
 * failed. A URL that loaded is remembered for the session; a failed one is tried again next time.
 */

const loaded = new Set<string>();

function probe(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => done(false), timeoutMs);
    function done(ok: boolean) {
      clearTimeout(timer);
      img.onload = img.onerror = null;
      resolve(ok);
    }
    img.onload = () => done(true);
    img.onerror = () => done(false);
    img.src = url;
  });
}

/** The URLs among `urls` that did not load. */
export async function failedImages(urls: readonly string[], { timeoutMs = 8000, limit = 6 } = {}): Promise<Set<string>> {
  const failed = new Set<string>();
  const todo = urls.filter((u) => !loaded.has(u));
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const url = todo[next++]!;
      if (await probe(url, timeoutMs)) loaded.add(url);
      else failed.add(url);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, todo.length) }, lane));
  return failed;
}
