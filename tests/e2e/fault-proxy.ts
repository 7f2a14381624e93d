import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export type ProxyMode =
  /** Everything passes. */
  | 'pass'
  /** The network is gone: every connection is cut before anything is forwarded. */
  | 'down'
  /** Writes (POST/PUT/DELETE) reach the server, which commits them; the answer is lost on the way back. */
  | 'drop-write-responses';

export interface LoggedRequest {
  method: string;
  url: string;
  idempotencyKey: string | null;
  /** What happened: forwarded and answered, cut before the server, or answered but dropped. */
  outcome: 'answered' | 'cut' | 'dropped';
}

/**
 * A small fault-injecting HTTP proxy between the browser and the server. Playwright's offline
 * switch does not cut the service worker's own requests; this does, for every request.
 */
export async function startFaultProxy(target: string) {
  const upstream = new URL(target);
  let mode: ProxyMode = 'pass';
  /** Requests whose URL starts with `prefix` are forwarded only after `ms` (a slow answer). */
  let delay: { prefix: string; ms: number } | null = null;
  const log: LoggedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      outcome: 'answered',
    };
    log.push(entry);
    if (mode === 'down') {
      entry.outcome = 'cut';
      req.socket.destroy();
      return;
    }
    if (delay && entry.url.startsWith(delay.prefix)) {
      const ms = delay.ms;
      req.pause();
      setTimeout(() => forward(req, res, entry), ms);
      return;
    }
    forward(req, res, entry);
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse, entry: LoggedRequest) {
    req.resume();
    const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(entry.method);
    const dropAnswer = mode === 'drop-write-responses' && isWrite && entry.url.startsWith('/Permission');
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        if (dropAnswer) {
          // The server has committed; the browser never hears about it.
          answer.resume();
          answer.on('end', () => {
            entry.outcome = 'dropped';
            req.socket.destroy();
          });
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      entry.outcome = 'cut';
      req.socket.destroy();
    });
    req.pipe(out);
  }
  // Websockets (the realtime connection) pass through as raw bytes; 'down' cuts them like the rest.
  server.on('upgrade', (req, socket, head) => {
    const entry: LoggedRequest = { method: 'UPGRADE', url: req.url ?? '/', idempotencyKey: null, outcome: 'answered' };
    log.push(entry);
    if (mode === 'down') {
      entry.outcome = 'cut';
      socket.destroy();
      return;
    }
    const out = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? upstream.host : req.rawHeaders[i + 1]}`);
      }
      out.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) out.write(head);
      socket.pipe(out).pipe(socket);
    });
    sockets.add(out);
    out.on('close', () => sockets.delete(out));
    out.on('error', () => socket.destroy());
    socket.on('error', () => out.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    log,
    setMode(next: ProxyMode) {
      mode = next;
      // Cut open keep-alive connections too, as a real network loss would.
      if (next === 'down') for (const s of sockets) s.destroy();
    },
    /** Holds requests to paths starting with `prefix` for `ms` before forwarding them (null: none). */
    setDelay(prefix: string | null, ms = 0) {
      delay = prefix === null ? null : { prefix, ms };
    },
    /** Writes that reached the server with this method and path prefix. */
    writes(method: string, pathPrefix: string) {
      return log.filter((l) => l.method === method && l.url.startsWith(pathPrefix) && l.outcome !== 'cut');
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
