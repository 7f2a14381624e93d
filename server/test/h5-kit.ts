import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { ulid } from 'ulid';
import { fillPath } from '../../src/contracts/api-path';
import { h5Paths, type H5Element, type Work } from '../../src/contracts/h5';
import { h5PublishPaths, type PublishResult } from '../../src/contracts/h5-publish';
import { users } from '../db/schema';
import { authed, call, tokenFor, type TestApp } from './helper';

/** Helpers of the page builder's server tests (works, publishing, templates, forms). */

export interface Extra {
  headers?: Record<string, string>;
  query?: string;
  remoteAddress?: string;
}

const side = { value: 0, unit: 'px' as const };
const sides = { top: side, right: side, bottom: side, left: side };

/** An element of a type with its props, at `top`. */
export function element(name: string, pluginProps: Record<string, unknown>, top = 100, extra: Partial<H5Element> = {}): H5Element {
  return {
    name,
    uuid: `${name}_${ulid().slice(-10)}`,
    version: 1,
    pluginProps,
    commonStyle: {
      top, left: 20, width: 280, height: 40, rotate: 0, zindex: 1, textAlign: 'center', color: '#000000', backgroundColor: 'transparent',
      fontSize: 14, opacity: 1, borderRadius: 0, margin: sides, padding: sides, border: { ...sides, color: '#000000', style: 'solid' },
    },
    events: [],
    methodList: [],
    scripts: [],
    animations: [],
    ...extra,
  };
}

/** The editable part of a work, as a save sends it. */
export const editable = (w: Work) => ({
  id: w.id,
  title: w.title,
  description: w.description,
  pages: w.pages,
  datasources: w.datasources,
  cover_image_url: w.cover_image_url,
  width: w.width,
  height: w.height,
  page_mode: w.page_mode,
  schemaVersion: w.schemaVersion,
});

/** Signed-in calls as the given accounts (tokens made once), and the works calls over them. */
export async function h5Kit(t: TestApp, accounts: string[]) {
  const token = new Map<string, string>();
  const userId = new Map<string, string>();
  for (const r of await t.db.select({ id: users.id, account: users.account }).from(users)) userId.set(r.account, r.id);
  for (const a of accounts) token.set(a, await tokenFor(t.app, a));
  const headersOf = (account: string, extra: Extra) => ({ ...authed(token.get(account)!), ...extra.headers });

  const post = <T = any>(account: string, url: string, payload: unknown, extra: Extra = {}) =>
    call<T>(t.app, { method: 'POST', url: url + (extra.query ?? ''), payload: payload as object, headers: headersOf(account, extra) });
  const get = <T = any>(account: string, url: string, extra: Extra = {}) => call<T>(t.app, { method: 'GET', url: url + (extra.query ?? ''), headers: headersOf(account, extra) });
  const create = async (account: string, body: object = {}) => {
    const res = await post<Work>(account, h5Paths.create, body);
    if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.msg}`);
    return res.data;
  };
  const update = (account: string, work: object) => post<Work>(account, h5Paths.update, work);
  const publish = (account: string, workId: string) => post<PublishResult>(account, fillPath(h5PublishPaths.publish, { workId }), {});
  const unpublish = (account: string, workId: string) => post<PublishResult>(account, fillPath(h5PublishPaths.unpublish, { workId }), {});
  const workOf = (account: string, workId: string) => get<Work>(account, fillPath(h5Paths.get, { workId }));
  /** An anonymous request (no token). */
  const anonymous = (opts: InjectOptions) => t.app.inject(opts);

  return { token, userId, post, get, create, update, publish, unpublish, workOf, anonymous, userIdOf: (a: string) => userId.get(a)! };
}

/** The id of an account's user. */
export async function userIdOf(t: TestApp, account: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.account, account));
  return row!.id;
}
