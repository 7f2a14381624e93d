import { DataErrorThrown } from './engine';
import { checkHttpUrl, parseBody } from './kinds';

/**
 * GETting an HTTP_API datasource. The editor asks the datasource's own url from the browser
 * (`fetchDirect`): the API must allow this site by CORS, and no cookie is sent. A published page
 * asks the server's proxy of its published snapshot (`fetchFrom((ds) => datasourcePath(workId,
 * ds.id))`), which checks the address and limits time and size. Both: 10 s at most here, an answer
 * that is not 2xx is `http-failed`, a JSON body is parsed, any other text is kept as text.
 */

export const HTTP_TIMEOUT_MS = 10_000;

interface Source {
  url: string;
  id: string;
}

async function getBody(url: string, signal: AbortSignal): Promise<unknown> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), HTTP_TIMEOUT_MS);
  const stop = () => timeout.abort();
  signal.addEventListener('abort', stop);
  try {
    let res: Response;
    try {
      res = await fetch(url, { method: 'GET', credentials: 'omit', headers: { accept: 'application/json, text/plain;q=0.9' }, signal: timeout.signal });
    } catch (e) {
      throw new DataErrorThrown({ code: 'network', detail: e instanceof Error ? e.message : String(e) });
    }
    if (!res.ok) throw new DataErrorThrown({ code: 'http-failed', status: res.status });
    return parseBody(await res.text(), res.headers.get('content-type') ?? '');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

/** A fetcher that GETs the path `pathOf(ds)` (the runtime: the server's datasource proxy). */
export const fetchFrom =
  (pathOf: (ds: Source) => string) =>
  (ds: Source, signal: AbortSignal): Promise<unknown> =>
    getBody(pathOf(ds), signal);

/** The editor's fetcher: the datasource's own url, from the browser. */
export async function fetchDirect(ds: Source, signal: AbortSignal): Promise<unknown> {
  const url = checkHttpUrl(ds.url);
  if (!url.ok) throw new DataErrorThrown(url.error);
  return getBody(url.value, signal);
}
