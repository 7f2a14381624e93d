import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWorkId } from '../../../src/contracts/h5';
import { Code } from '../../../src/contracts/codes';
import {
  DATASOURCE_CACHE_SECONDS,
  DATASOURCE_RATE_PER_ADDRESS,
  FORM_BODY_MAX_BYTES,
  FORM_RATE_PER_ADDRESS_PER_WORK,
  FORM_RATE_PER_WORK,
  formSubmitBodySchema,
  h5PublicPaths,
  h5PublishMessages,
  PUBLIC_PAGE_MAX_AGE,
  RATE_WINDOW_MS,
  SNAPSHOT_MAX_AGE,
  VIEW_RATE_PER_ADDRESS,
  viewBodySchema,
} from '../../../src/contracts/h5-publish';
import { ApiError, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { ok } from '../../plugins/errors';
import type { DatasourceProxy } from './datasource-proxy';
import { encodedCache, type EncodedCache } from './encoded-cache';
import type { FormService } from './form-service';
import { GONE_PAGE, PAGE_CSP, renderPage, type PageTemplate } from './publish-html';
import type { PublishService } from './publish-service';
import { rateWindow, type RateWindow } from './rate-window';
import type { ViewCounter } from './view-counter';

/** Public routes: no session, no idempotency, no permission (config auth: false). */
export const publicRoute = { config: { auth: false } };

/** Whether If-None-Match names `etag` (weak or strong, in a list, or `*`). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return String(header)
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '') === bare);
}

/** Answers 304 when the client holds `etag`; otherwise sets it and lets the caller send. */
function notModified(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  if (!etagMatches(req.headers['if-none-match'], etag)) return false;
  reply.code(304).send();
  return true;
}

function gone(reply: FastifyReply) {
  return reply.code(404).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(GONE_PAGE);
}

const VERSION = /^[1-9]\d{0,8}$/;

/**
 * The published page and its snapshots (issue 19), public. The HTML (`/p/{workId}`) names the
 * current version and is cached briefly (`max-age=60`, ETag on work, version and runtime build);
 * the snapshot URL is versioned and never changes (`immutable`, a year), so a CDN or reverse proxy
 * in front serves a viral page without reaching the server. Snapshots of any version up to the
 * current one are served while the work is published (a page cached a minute ago still loads);
 * after unpublishing every URL is a 404.
 */
/** The page and snapshot routes send bodies compressed once (encoded-cache.ts), not on every request. */
const precompressed = { ...publicRoute, compress: false as const };

export function publicPageRoutes(app: FastifyInstance, publish: PublishService, template: () => PageTemplate, bodies: EncodedCache = encodedCache()) {
  app.get(h5PublicPaths.page, precompressed, async (req, reply) => {
    const { workId } = req.params as { workId: string };
    const head = isWorkId(workId) ? await publish.head(workId) : null;
    if (!head) return gone(reply);
    const page = template();
    const tag = `p-${workId}-${head.version}-${page.hash}`;
    reply.header('cache-control', `public, max-age=${PUBLIC_PAGE_MAX_AGE}`);
    if (notModified(req, reply, `"${tag}"`)) return reply;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
    // The title is part of the body: a new title comes with a new version (it is published).
    return bodies.send(req, reply, tag, () => renderPage(page, head));
  });

  app.get(h5PublicPaths.snapshot, precompressed, async (req, reply) => {
    const { workId, version } = req.params as { workId: string; version: string };
    const json = isWorkId(workId) && VERSION.test(version) ? await publish.snapshotJson(workId, Number(version)) : null;
    if (json === null) {
      reply.header('cache-control', 'no-cache');
      throw notFound(h5PublishMessages.pageGone);
    }
    reply.header('cache-control', `public, max-age=${SNAPSHOT_MAX_AGE}, immutable`);
    if (notModified(req, reply, `"s-${workId}-${version}"`)) return reply;
    reply.header('content-type', 'application/json; charset=utf-8').header('x-content-type-options', 'nosniff');
    return bodies.send(req, reply, `s-${workId}-${version}`, () => json);
  });
}

/** A 429 with the Chinese message and when to try again. */
export function tooMany(reply: FastifyReply, seconds: number) {
  reply.header('retry-after', String(seconds));
  return new ApiError(Code.TOO_MANY_REQUESTS, 429, h5PublishMessages.tooMany);
}

export interface FormLimits {
  perAddress: RateWindow;
  perWork: RateWindow;
}

export const defaultFormLimits = (): FormLimits => ({
  perAddress: rateWindow(FORM_RATE_PER_ADDRESS_PER_WORK, RATE_WINDOW_MS),
  perWork: rateWindow(FORM_RATE_PER_WORK, RATE_WINDOW_MS),
});

/**
 * Form submissions of published pages: anonymous; counted against the limits per address and
 * work and per work before the body is read; a declared body over 16 KB is refused before it is
 * read (413, its own message; Fastify's body limit catches a chunked one); then validated against
 * the published form (form-service.ts).
 */
export function publicFormRoutes(app: FastifyInstance, forms: FormService, limits: FormLimits = defaultFormLimits()) {
  app.post(
    h5PublicPaths.form,
    {
      ...publicRoute,
      bodyLimit: FORM_BODY_MAX_BYTES,
      onRequest: async (req, reply) => {
        const { workId } = req.params as { workId: string };
        const byAddress = `${req.ip}|${workId}`;
        // The address's window first: only attempts it lets through count against the work's, so one
        // address hammering a work cannot close its form to everyone else.
        if (!limits.perAddress.hit(byAddress)) throw tooMany(reply, limits.perAddress.retryAfter(byAddress));
        if (!limits.perWork.hit(workId)) throw tooMany(reply, limits.perWork.retryAfter(workId));
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > FORM_BODY_MAX_BYTES) throw new ApiError(Code.PAYLOAD_TOO_LARGE, 413, h5PublishMessages.tooLarge);
      },
    },
    async (req) => {
      const { workId } = req.params as { workId: string };
      if (!isWorkId(workId)) throw notFound(h5PublishMessages.pageGone);
      const body = parse(formSubmitBodySchema, req.body);
      return ok(await forms.submit(workId, body), h5PublishMessages.submitted);
    },
  );
}

/** A body sent with navigator.sendBeacon arrives as text/plain: its JSON, or {} when it is not JSON. */
export function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return {};
  }
}

/**
 * Page views: `POST /p/{workId}/view` (fetch or sendBeacon) counts one view of a published work in
 * memory (view-counter.ts writes them in batches) and answers 204; VIEW_RATE_PER_ADDRESS a minute
 * per address, then 429.
 */
export function publicViewRoutes(app: FastifyInstance, publish: PublishService, views: ViewCounter, perAddress: RateWindow = rateWindow(VIEW_RATE_PER_ADDRESS, RATE_WINDOW_MS)) {
  app.post(h5PublicPaths.view, { ...publicRoute, bodyLimit: 1024 }, async (req, reply) => {
    if (!perAddress.hit(req.ip)) throw tooMany(reply, perAddress.retryAfter(req.ip));
    const { workId } = req.params as { workId: string };
    if (!isWorkId(workId) || !(await publish.head(workId))) throw notFound(h5PublishMessages.pageGone);
    const { visitorId } = parse(viewBodySchema, beaconBody(req.body));
    views.record(workId, visitorId);
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}

/**
 * The datasource proxy: `GET /p/{workId}/ds/{datasourceId}` answers an HTTP_API datasource of the
 * published snapshot as its upstream sent it (JSON or text), cached 30 s by the server and by
 * whatever sits in front; DATASOURCE_RATE_PER_ADDRESS a minute per address.
 */
export function publicDatasourceRoutes(app: FastifyInstance, proxy: DatasourceProxy, perAddress: RateWindow = rateWindow(DATASOURCE_RATE_PER_ADDRESS, RATE_WINDOW_MS)) {
  app.get(h5PublicPaths.datasource, publicRoute, async (req, reply) => {
    if (!perAddress.hit(req.ip)) throw tooMany(reply, perAddress.retryAfter(req.ip));
    const { workId, datasourceId } = req.params as { workId: string; datasourceId: string };
    if (!isWorkId(workId) || datasourceId.length > 40) throw notFound(h5PublishMessages.pageGone);
    const answer = await proxy.get(workId, datasourceId);
    return reply
      .header('content-type', answer.contentType)
      .header('cache-control', `public, max-age=${DATASOURCE_CACHE_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(answer.body);
  });
}
