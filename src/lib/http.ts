import { ofetch, type FetchOptions } from 'ofetch';
import { t } from '@lingui/core/macro';
import { isSuccessCode, SESSION_END_CODES, type Envelope } from '@/contracts/codes';
import { authPaths } from '@/contracts/session';
import {
  API_CLIENT_VERSION,
  DEFAULT_TIMEOUT_MS,
  ERROR_TOAST_MS,
  LONG_CALL_PATTERNS,
  LONG_CALL_TIMEOUT_MS,
} from '@/contracts/limits';
import { ApiError, NetworkError, SessionEndedError } from './errors';
import { API_BASE, httpHooks } from './http-config';
import { i18n } from '@lingui/core';
import { markReachable } from './network';
import { notify } from './notify';


type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Skip the code check and return the raw body (spec 8 exemptions: data-source tests, model config, blobs). */
  exempt?: boolean;
  /** Do not toast failures (the caller reports them, e.g. a form or the offline shell). */
  silent?: boolean;
  /**
   * false: codes 600-602 only reject; the caller ends the session itself (the navigation guard,
   * which must not reload: a reload would replay `/home?token=…` forever).
   */
  endSessionOnExpiry?: boolean;
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the spec 7.1 timeout (e.g. uploads of large files). */
  timeout?: number;
  /** The browser's fetch priority: 'low' for background work (the cache warm-up) that must not delay the page. */
  priority?: 'high' | 'low' | 'auto';
  /**
   * Background work (the cache warm-up): a network failure does not mark the server unreachable, so
   * a slow background fetch never turns the app offline under the user.
   */
  background?: boolean;
}

export function timeoutFor(url: string): number {
  return LONG_CALL_PATTERNS.some((p) => url.includes(p)) ? LONG_CALL_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
}

/** Calls whose 600-602 answers are about the credentials sent, not an ended session: no reload. */
const SESSION_EXEMPT = [authPaths.login, authPaths.lockScreen];

const defaultError = () => t`请求出错，请重试`;

function fail(message: string, silent?: boolean) {
  if (!silent) notify({ kind: 'error', title: message, duration: ERROR_TOAST_MS });
}

/** One exchange with the server: the spec 7.1 headers and query, the status, headers and body as they came. */
async function exchange(method: Method, url: string, payload: unknown, opts: RequestOptions): Promise<{ status: number; headers: Headers; body: unknown }> {
  const token = httpHooks.token();
  const headers: Record<string, string> = {
    'Accept-Language': i18n.locale || 'zh-CN',
    'X-Client-Version': API_CLIENT_VERSION,
    ...opts.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isGet = method === 'GET';
  const fetchOptions: FetchOptions<'json'> = {
    method,
    baseURL: API_BASE,
    headers,
    query: { ...(isGet && payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}), n: Date.now() },
    body: !isGet && payload !== undefined ? (payload as Record<string, unknown>) : undefined,
    timeout: opts.timeout ?? timeoutFor(url),
    ignoreResponseError: true,
    retry: 0,
    signal: opts.signal,
    priority: opts.priority,
  };
  try {
    const res = await ofetch.raw(url, { ...fetchOptions, responseType: (opts.responseType ?? 'json') as 'json' });
    markReachable(true);
    return { status: res.status, headers: res.headers, body: res._data };
  } catch (err) {
    if (!opts.background) markReachable(false);
    fail(defaultError(), opts.silent);
    throw new NetworkError(err instanceof Error ? err.message : String(err));
  }
}

/** The code checks of spec 8 on an answer's body: resolves to `data`, or throws the typed error (and toasts). */
function unwrap<T>(url: string, body: unknown, opts: RequestOptions): T {
  if (opts.exempt || opts.responseType === 'blob') return body as T;
  const env = body as Partial<Envelope<T>> | undefined;
  if (env && typeof env === 'object' && isSuccessCode(env.code)) return env.data as T;
  const code = typeof env?.code === 'number' ? env.code : 500;
  const msg = (typeof env?.msg === 'string' && env.msg) || defaultError();
  if (SESSION_END_CODES.includes(code) && !SESSION_EXEMPT.some((p) => url.includes(p))) {
    fail(msg, opts.silent);
    if (opts.endSessionOnExpiry !== false) httpHooks.onSessionEnd(code);
    throw new SessionEndedError(code, msg);
  }
  fail(msg, opts.silent);
  throw new ApiError(code, msg, env?.data ?? null);
}

/**
 * The one HTTP client (spec 7.1): Authorization header, timestamp `n`, GET payload as query,
 * long-call timeouts, the code checks of spec 8. Resolves to `data` of the envelope.
 */
export async function request<T = unknown>(method: Method, url: string, payload?: unknown, opts: RequestOptions = {}): Promise<T> {
  const res = await exchange(method, url, payload, opts);
  return unwrap<T>(url, res.body, opts);
}

export type ConditionalResult<T> = { notModified: true } | { notModified: false; data: T; etag: string | null };

/**
 * A GET that revalidates a cached copy: with the cached ETag as If-None-Match, a 304 answer means
 * "still the same" and carries no body; otherwise the new data and its ETag.
 */
export async function conditionalGet<T = unknown>(url: string, etag: string | null | undefined, query?: Record<string, unknown>, opts: RequestOptions = {}): Promise<ConditionalResult<T>> {
  const res = await exchange('GET', url, query, { ...opts, headers: { ...opts.headers, ...(etag ? { 'If-None-Match': etag } : {}) } });
  if (res.status === 304) return { notModified: true };
  return { notModified: false, data: unwrap<T>(url, res.body, opts), etag: res.headers.get('etag') };
}

export const http = {
  get: <T>(url: string, query?: Record<string, unknown>, opts?: RequestOptions) => request<T>('GET', url, query, opts),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body, opts),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, body, opts),
  delete: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', url, body, opts),
};
