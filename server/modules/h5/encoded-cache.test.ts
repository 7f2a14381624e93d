import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { encodedCache, pickEncoding } from './encoded-cache';

describe('encoded answers', () => {
  it('picks brotli, then gzip, then plain, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });

  it('makes and compresses a body once per key and encoding; the oldest key leaves when full', async () => {
    const app = Fastify();
    const cache = encodedCache(2);
    let made = 0;
    app.get('/:key', (req, reply) => {
      const { key } = req.params as { key: string };
      return cache.send(req, reply, key, () => {
        made++;
        return `{"key":"${key}","text":"${'床垫'.repeat(500)}"}`;
      });
    });
    const get = (key: string, enc: string) => app.inject({ method: 'GET', url: `/${key}`, headers: { 'accept-encoding': enc } });
    const a = await get('a', 'br');
    expect(JSON.parse(zlib.brotliDecompressSync(a.rawPayload).toString()).key).toBe('a');
    await get('a', 'br');
    expect(made).toBe(1);
    await get('a', 'gzip');
    expect(made).toBe(2);
    await get('b', 'br');
    expect(cache.size()).toBe(2);
    await get('a', 'br');
    expect(made).toBe(4);
    await app.close();
  });
});
