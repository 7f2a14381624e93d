import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { WebSocket } from 'ws';
import { Code } from '../../src/contracts/codes';
import { REALTIME_PATH, type WsServerMessage } from '../../src/contracts/realtime';
import { createTestApp, tokenFor, type TestApp } from '../test/helper';
import type { ClientMethodHandler } from './realtime';

/** The hub's checks of client frames; the message module's realtime side is in modules/message/realtime.test.ts. */
let t: TestApp;
let token: string;
const open: WebSocket[] = [];

const WAIT_MS = 5000;
const QUIET_MS = 300;

async function connect(headers: Record<string, string> = {}) {
  const ws = await t.app.injectWS(REALTIME_PATH, { headers });
  open.push(ws);
  const received: WsServerMessage[] = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as WsServerMessage));
  let closed = false;
  ws.on('close', () => (closed = true));
  /** The next message after the `after` first ones. */
  const nth = async (n: number) => {
    await expect.poll(() => received.length, { timeout: WAIT_MS }).toBeGreaterThan(n);
    return received[n]!;
  };
  const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  return { ws, received, nth, quiet, isClosed: () => closed };
}

/** A client method registered by a test (real ones are added to RealtimeClientMethods by their modules). */
const onTestMethod = (method: string, schema: z.ZodType, handler: ClientMethodHandler<never>) =>
  (t.app.realtime.onClientMethod as unknown as (m: string, s: z.ZodType, h: ClientMethodHandler<never>) => void)(method, schema, handler);

beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.app, 'admin');
  onTestMethod('testEcho', z.object({ method: z.literal('testEcho'), text: z.string().max(10) }), (frame, c) => {
    const f = frame as unknown as { text: string };
    c.send({ method: 'logout', msg: `${c.userId}:${f.text}` });
  });
  onTestMethod('testFail', z.object({ method: z.literal('testFail') }), () => {
    throw new Error('handler bug');
  });
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await t?.close();
});

describe('client frames the hub cannot take get an error frame, and the connection stays open', () => {
  it('a frame that is not JSON, or not an object with a method', async () => {
    const c = await connect();
    c.ws.send('not json {');
    expect(await c.nth(0)).toEqual({ method: 'error', code: Code.BAD_REQUEST, msg: '请求格式不正确' });
    c.ws.send(JSON.stringify([1, 2]));
    expect(await c.nth(1)).toEqual({ method: 'error', code: Code.BAD_REQUEST, msg: '请求格式不正确' });
    c.ws.send(JSON.stringify({ method: 42 }));
    expect(await c.nth(2)).toEqual({ method: 'error', code: Code.BAD_REQUEST, msg: '请求格式不正确' });
    // Still open: the hello works.
    c.ws.send(JSON.stringify({ method: 'OnConnection', token }));
    expect(await c.nth(3)).toMatchObject({ method: 'initMessage' });
    expect(c.isClosed()).toBe(false);
  });

  it('an unknown method, before and after OnConnection', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ method: 'NoSuchMethod', x: 1 }));
    expect(await c.nth(0)).toEqual({ method: 'error', code: Code.NOT_FOUND, msg: '接口不存在', request: 'NoSuchMethod' });
    c.ws.send(JSON.stringify({ method: 'OnConnection', token }));
    expect(await c.nth(1)).toMatchObject({ method: 'initMessage' });
    c.ws.send(JSON.stringify({ method: 'SendMail', toUserId: 'x', id: 'A1' }));
    expect(await c.nth(2)).toEqual({ method: 'error', code: Code.NOT_FOUND, msg: '接口不存在', request: 'SendMail', id: 'A1' });
    c.ws.send(JSON.stringify({ method: 'heartCheck' }));
    expect(await c.nth(3)).toEqual({ method: 'heartCheck' });
  });

  it('a known method whose fields fail its schema (OnConnection without a token)', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ method: 'OnConnection' }));
    expect(await c.nth(0)).toEqual({ method: 'error', code: Code.BAD_REQUEST, msg: '请求格式不正确', request: 'OnConnection' });
    c.ws.send(JSON.stringify({ method: 'OnConnection', token }));
    expect(await c.nth(1)).toMatchObject({ method: 'initMessage' });
  });

  it('speaks the language of the upgrade request', async () => {
    const c = await connect({ 'accept-language': 'en-US,en;q=0.9' });
    c.ws.send('{');
    expect(await c.nth(0)).toEqual({ method: 'error', code: Code.BAD_REQUEST, msg: 'The request is malformed' });
  });
});

describe('module methods (onClientMethod)', () => {
  it('a valid frame reaches the handler with its connection; one before OnConnection is ignored', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ method: 'testEcho', text: 'early' }));
    await c.quiet();
    expect(c.received).toEqual([]);
    c.ws.send(JSON.stringify({ method: 'OnConnection', token }));
    const init = await c.nth(0);
    expect(init).toMatchObject({ method: 'initMessage' });
    c.ws.send(JSON.stringify({ method: 'testEcho', text: 'hi' }));
    const echo = await c.nth(1);
    expect(echo).toMatchObject({ method: 'logout' });
    expect((echo as { msg: string }).msg).toMatch(/^[0-9A-Z]{26}:hi$/);
  });

  it('fields that fail the method schema get an error frame; the handler does not run', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ method: 'OnConnection', token }));
    await c.nth(0);
    c.ws.send(JSON.stringify({ method: 'testEcho', text: 'far too long for it' }));
    expect(await c.nth(1)).toEqual({ method: 'error', code: Code.BAD_REQUEST, msg: '请求格式不正确', request: 'testEcho' });
  });

  it('a handler that throws gets a 500 error frame, and the connection goes on', async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ method: 'OnConnection', token }));
    await c.nth(0);
    c.ws.send(JSON.stringify({ method: 'testFail' }));
    expect(await c.nth(1)).toEqual({ method: 'error', code: Code.SERVER_ERROR, msg: '服务器错误，请稍后重试', request: 'testFail' });
    c.ws.send(JSON.stringify({ method: 'heartCheck' }));
    expect(await c.nth(2)).toEqual({ method: 'heartCheck' });
  });

  it('a method has one handler', () => {
    expect(() => onTestMethod('testEcho', z.object({}), () => undefined)).toThrow(/testEcho/);
    expect(() => onTestMethod('OnConnection', z.object({}), () => undefined)).toThrow(/OnConnection/);
  });
});
