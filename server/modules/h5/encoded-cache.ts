import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding a request takes, brotli first (q=0 refuses one). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of ([] as string[]).concat(header ?? []).join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : 'identity';
}

const encoders: Record<Exclude<Encoding, 'identity'>, (b: Buffer) => Buffer> = {
  br: (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b) => zlib.gzipSync(b, { level: 9 }),
};

/**
 * Published answers compressed once, not on every request (issue 19: a viral page is mostly the
 * same few bodies): the body of a key in each encoding, kept for the key's lifetime in a small
 * LRU. The key must change whenever the body does (the page's version and runtime build, the
 * snapshot's version). Routes sending through it opt out of on-the-fly compression.
 */
export function encodedCache(maxEntries = 400) {
  const cache = new Map<string, Buffer>();
  const get = (key: string, body: () => string, encoding: Encoding): Buffer => {
    const k = `${encoding}:${key}`;
    let hit = cache.get(k);
    if (hit) {
      cache.delete(k);
    } else {
      const plain = Buffer.from(body(), 'utf8');
      hit = encoding === 'identity' ? plain : encoders[encoding](plain);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    cache.set(k, hit);
    return hit;
  };
  return {
    /** Sends `body()` (made only on a miss) in the encoding the request takes. */
    send(req: FastifyRequest, reply: FastifyReply, key: string, body: () => string) {
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const bytes = get(key, body, encoding);
      reply.header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(bytes);
    },
    size: () => cache.size,
  };
}
export type EncodedCache = ReturnType<typeof encodedCache>;
