import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { url: string; options: Record<string, any> }[] = [];
let reply: () => unknown = () => ({ code: 200, msg: 'ok', data: { ok: true } });
vi.mock('ofetch', () => {
  const raw = vi.fn(async (url: string, options: Record<string, unknown>) => {
    calls.push({ url, options });
    const r = reply();
    if (r instanceof Error) throw r;
    // A test may answer with a whole response ({ status, headers, _data }); else r is the body.
    if (r && typeof r === 'object' && 'status' in r && '_data' in r) return r;
    return { status: 200, headers: new Headers(), _data: r };
  });
  return { ofetch: Object.assign(vi.fn(), { raw }) };
});

const { conditionalGet, http, timeoutFor } = await import('./http');
const { configureHttp } = await import('./http-config');
const { ApiError, NetworkError, SessionEndedError } = await import('./errors');
const { setNoticeSink } = await import('./notify');
const { network } = await import('./network');

const notices: { title: string; duration?: number }[] = [];
const ended: number[] = [];

beforeEach(() => {
  calls.length = 0;
  notices.length = 0;
  ended.length = 0;
  reply = () => ({ code: 200, msg: 'ok', data: { ok: true } });
  setNoticeSink((n) => notices.push(n));
  configureHttp({ token: () => 'tok', onSessionEnd: (c) => ended.push(c) });
});

describe('http client (spec 7.1, 8)', () => {
  it('sends the token, a timestamp n on every call, and GET payloads as query parameters', async () => {
    await expect(http.get('/Base/Area/1', { keyword: 'x' })).resolves.toEqual({ ok: true });
    const { options } = calls[0]!;
    expect(options.headers.Authorization).toBe('Bearer tok');
    expect(options.query.keyword).toBe('x');
    expect(typeof options.query.n).toBe('number');
    expect(options.body).toBeUndefined();
    await http.post('/Message', { title: 't' });
    expect(calls[1]!.options.body).toEqual({ title: 't' });
    expect(typeof calls[1]!.options.query.n).toBe('number');
  });

  it('gives the long calls 200000 ms', () => {
    expect(timeoutFor('/api/DataSync/Actions/Execute')).toBe(200_000);
    expect(timeoutFor('/Permission/Authority/Data/1')).toBe(200_000);
    expect(timeoutFor('/extend/Email/Receive')).toBe(200_000);
    expect(timeoutFor('/x/Synchronization')).toBe(200_000);
    expect(timeoutFor('/Permission/Users')).toBeLessThan(200_000);
  });

  it('a caller may set its own timeout (uploads), and form data is sent as it is', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await http.post('/api/file/Uploader/userAvatar', form, { timeout: 200_000 });
    expect(calls[0]!.options.timeout).toBe(200_000);
    expect(calls[0]!.options.body).toBe(form);
    await http.post('/Permission/Users', {});
    expect(calls[1]!.options.timeout).toBeLessThan(200_000);
  });

  it('a code other than 200 or 0 toasts the server message for 1.5 s and rejects', async () => {
    reply = () => ({ code: 400, msg: '账户或密码错误', data: null });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notices).toEqual([expect.objectContaining({ title: '账户或密码错误', duration: 1500 })]);
    reply = () => ({ code: 0, msg: '', data: [1] });
    await expect(http.get('/api/integration/district/select')).resolves.toEqual([1]);
  });

  it('without a message the toast says 请求出错，请重试', async () => {
    reply = () => ({ code: 500 });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notices[0]!.title).toBe('请求出错，请重试');
  });

  it('600-602 end the session, except on login and lock screen', async () => {
    for (const code of [600, 601, 602]) {
      reply = () => ({ code, msg: '登录过期,请重新登录', data: null });
      await expect(http.get('/Permission/Users/App/CurrentUser')).rejects.toBeInstanceOf(SessionEndedError);
    }
    expect(ended).toEqual([600, 601, 602]);
    reply = () => ({ code: 601, msg: 'x', data: null });
    await expect(http.post('/api/craft/oauth/LockScreen', {})).rejects.toBeInstanceOf(ApiError);
    await expect(http.post('/Permission/Login/login?client_id=admin', {})).rejects.not.toBeInstanceOf(SessionEndedError);
    expect(ended).toEqual([600, 601, 602]);
    // The guard loads the user itself and handles the failure: no reload from the client then.
    reply = () => ({ code: 601, msg: 'x', data: null });
    await expect(http.get('/Permission/Users/App/CurrentUser', undefined, { endSessionOnExpiry: false })).rejects.toBeInstanceOf(SessionEndedError);
    expect(ended).toEqual([600, 601, 602]);
  });

  it('a network failure says 请求出错，请重试 and marks the app offline; the next success marks it online', async () => {
    reply = () => new TypeError('Failed to fetch');
    await expect(http.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(notices[0]!.title).toBe('请求出错，请重试');
    expect(network.online).toBe(false);
    reply = () => ({ code: 200, msg: '', data: 1 });
    await http.get('/x');
    expect(network.online).toBe(true);
  });

  it('exempt calls return the raw body without the code check', async () => {
    reply = () => ({ code: 999, raw: true });
    await expect(http.get('/api/visualdev/OnlineDev/1/Config', undefined, { exempt: true })).resolves.toEqual({ code: 999, raw: true });
    expect(notices).toHaveLength(0);
  });

  it('revalidates a cached copy: If-None-Match with the cached ETag, 304 means unchanged, 200 brings data and the new ETag', async () => {
    reply = () => ({ status: 304, headers: new Headers(), _data: undefined });
    await expect(conditionalGet('/api/home/summary', '"abc"')).resolves.toEqual({ notModified: true });
    expect(calls[0]!.options.headers['If-None-Match']).toBe('"abc"');
    reply = () => ({ status: 200, headers: new Headers({ etag: '"def"' }), _data: { code: 200, msg: 'ok', data: { n: 1 } } });
    await expect(conditionalGet('/api/home/summary', null)).resolves.toEqual({ notModified: false, data: { n: 1 }, etag: '"def"' });
    expect(calls[1]!.options.headers['If-None-Match']).toBeUndefined();
    reply = () => ({ status: 200, headers: new Headers(), _data: { code: 400, msg: '参数错误', data: null } });
    await expect(conditionalGet('/api/home/summary', '"abc"', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
  });
});
