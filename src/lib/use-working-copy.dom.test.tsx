// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, useMemo, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createDesignerStore } from '@/lib/designer-store';
import { clearLocalCopy, createCopyKeeper, readLocalCopy, writeLocalCopy, type LocalCopy } from '@/lib/local-copy';
import { UserDb } from '@/lib/sync/user-db';
import { prepareDom } from '@/lib/test-dom';
import { useWorkingCopy } from './use-working-copy';

/** A designer's working copy in a DOM: a one-field designer over the real store and the real copies in the user's database. */

type Doc = { text: string };
type Info = { id: string; version: number; title: string; doc: Doc };
type Row = Omit<Info, 'doc'>;
type Command = { type: 'type'; text: string } | { type: 'replaceDoc'; doc: Doc };
class Conflict extends Error {}

const DOC_ID = 'D1';
const KEY = `test.design.${DOC_ID}`;
const DELAY = 30;
let db: UserDb;
/** The copies as a designer's local-copy.ts keeps them (keyed by the document's id), in the test's own database. */
const copies = {
  createCopyKeeper: (id: string, base: () => Row) => {
    const own = db;
    return createCopyKeeper<Doc, Row>(`test.design.${id}`, base, DELAY, () => own);
  },
  clearLocalCopy: (id: string) => clearLocalCopy(`test.design.${id}`, db),
};
const stored = () => readLocalCopy<Doc, Row>(KEY, () => true, db);
/** The copy on this device, once it is written (the keeper writes a moment after the change). */
const storedSoon = (expected: object | null) =>
  vi.waitFor(async () => {
    if (expected === null) expect(await stored()).toBeNull();
    else expect(await stored()).toMatchObject(expected);
  });

const log: string[] = [];
const server = { save: vi.fn<(doc: Doc, version: number) => Promise<Info>>() };

function Editor({ loaded, pendingCopy = null }: { loaded: Info; pendingCopy?: LocalCopy<Doc, Row> | null }) {
  const designer = useMemo(
    () =>
      createDesignerStore<Doc, { doc: Doc }, Command, { state: { doc: Doc }; dirty: boolean; canUndo: boolean; canRedo: boolean }>({
        initial: { doc: loaded.doc },
        saved: loaded.doc,
        apply: (state, c) => ({ doc: c.type === 'replaceDoc' ? c.doc : { text: c.text } }),
        captureOf: () => 'step',
        restore: (_state, doc) => ({ doc }),
        viewOf: (base) => base,
      }),
    [loaded],
  );
  const view = useSyncExternalStore(designer.subscribe, designer.view);
  const copy = useWorkingCopy({
    designer,
    loaded,
    pendingCopy,
    copies,
    rowOf: ({ doc: _doc, ...row }: Info): Row => row,
    save: (doc, version) => server.save(doc, version),
    isConflict: (e) => e instanceof Conflict,
    onSaved: () => log.push('已保存'),
    onSaveFailed: (e) => log.push(`保存失败：${(e as Error).message}`),
  });
  return (
    <div>
      <span data-testid="text">{view.state.doc.text}</span>
      <span data-testid="state">{`${copy.dirty ? 'dirty' : 'saved'} v${copy.info.version}${copy.saving ? ' saving' : ''}`}</span>
      <input data-testid="type" onChange={(e) => designer.dispatch({ type: 'type', text: e.target.value })} />
      <button data-testid="save" onClick={() => void copy.save()} />
      {copy.pending ? (
        <>
          <button data-testid="restore" onClick={copy.restore} />
          <button data-testid="discard" onClick={copy.discard} />
        </>
      ) : null}
      {copy.conflict ? <button data-testid="conflict" onClick={copy.closeConflict} /> : null}
    </div>
  );
}

beforeAll(() => prepareDom());

let root: Root | null = null;
afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  log.length = 0;
  server.save.mockReset();
  await db?.delete();
});

const info = (over: Partial<Info> = {}): Info => ({ id: DOC_ID, version: 3, title: '请假', doc: { text: 'a' }, ...over });
const wait = (ms = DELAY * 3) => act(() => new Promise((r) => setTimeout(r, ms)));
/** Lets time pass (inside act, so React renders what changed) until `done`, for a second at most. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await wait(10);
};
const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (id: string) => q(id)?.textContent;
/** Clicks, and lets what it started (a save, a copy written or cleared) end. */
const click = async (id: string) => {
  await act(async () => q(id)!.click());
  await wait();
  await until(() => !text('state')!.includes('saving'));
};
/** Types into the one field, as React sees an input's change. */
const type = (value: string) =>
  act(() => {
    const input = q('type') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

async function mount(props: Parameters<typeof Editor>[0]) {
  db = new UserDb(`working-copy-${Math.random().toString(36).slice(2)}`);
  await db.open();
  root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root!.render(<Editor {...props} />));
}

describe('the working copy of a designer', () => {
  it('follows the edits on this device, with the row the edits started from; back to the saved text, it is cleared', async () => {
    await mount({ loaded: info() });
    await type('b');
    expect(text('state')).toBe('dirty v3');
    await storedSoon({ doc: { text: 'b' }, version: 3, info: { id: DOC_ID, version: 3, title: '请假' } });
    expect((await stored())!.info).not.toHaveProperty('doc');
    await type('a');
    expect(text('state')).toBe('saved v3');
    await storedSoon(null);
  });

  it('leaving the page writes the copy at once', async () => {
    await mount({ loaded: info() });
    await type('b');
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(await stored()).toMatchObject({ doc: { text: 'b' } });
  });

  it('saves on the version it was opened at, then clears the copy and is saved on the new version', async () => {
    await mount({ loaded: info() });
    server.save.mockImplementation(async (doc) => info({ version: 4, doc }));
    await type('b');
    await storedSoon({ doc: { text: 'b' } });
    await click('save');
    expect(server.save).toHaveBeenCalledWith({ text: 'b' }, 3);
    expect(log).toEqual(['已保存']);
    expect(text('state')).toBe('saved v4');
    await wait();
    expect(await stored()).toBeNull();
    // The next save goes on the version the server answered.
    await type('c');
    await click('save');
    expect(server.save).toHaveBeenLastCalledWith({ text: 'c' }, 4);
  });

  it('edits made while the save is on its way stay unsaved, and kept here', async () => {
    await mount({ loaded: info() });
    let answer!: (i: Info) => void;
    server.save.mockImplementation(() => new Promise((r) => (answer = r)));
    await type('b');
    await act(async () => q('save')!.click());
    expect(text('state')).toBe('dirty v3 saving');
    await type('bc');
    await act(async () => answer(info({ version: 4, doc: { text: 'b' } })));
    await until(() => !text('state')!.includes('saving'));
    expect(text('state')).toBe('dirty v4');
    await storedSoon({ doc: { text: 'bc' }, version: 4 });
  });

  it('a conflict keeps the edits on this device before it is shown; another failure says why and stays unsaved', async () => {
    await mount({ loaded: info() });
    server.save.mockRejectedValueOnce(new Conflict('changed elsewhere'));
    await type('b');
    await click('save');
    expect(q('conflict')).not.toBeNull();
    expect(await stored()).toMatchObject({ doc: { text: 'b' }, version: 3 });
    expect(log).toEqual([]);
    await click('conflict');
    expect(q('conflict')).toBeNull();

    server.save.mockRejectedValueOnce(new Error('名称已存在'));
    await click('save');
    expect(log).toEqual(['保存失败：名称已存在']);
    expect(q('conflict')).toBeNull();
    expect(text('state')).toBe('dirty v3');
  });

  it('a copy offered back is not written over by new edits; restored, it is the document (unsaved) and kept again', async () => {
    const offered: LocalCopy<Doc, Row> = { doc: { text: 'kept' }, version: 2, savedAt: 1 };
    await mount({ loaded: info(), pendingCopy: offered });
    await writeLocalCopy(KEY, offered.doc, 2, db);
    await type('b');
    await wait();
    expect(await stored()).toMatchObject({ doc: { text: 'kept' }, version: 2 });
    await click('restore');
    expect(text('text')).toBe('kept');
    expect(text('state')).toBe('dirty v3');
    expect(q('restore')).toBeNull();
    await storedSoon({ doc: { text: 'kept' }, version: 3 });
  });

  it('a copy offered back and discarded is cleared from this device', async () => {
    const offered: LocalCopy<Doc, Row> = { doc: { text: 'kept' }, version: 2, savedAt: 1 };
    await mount({ loaded: info(), pendingCopy: offered });
    await writeLocalCopy(KEY, offered.doc, 2, db);
    await click('discard');
    expect(q('discard')).toBeNull();
    expect(text('text')).toBe('a');
    expect(await stored()).toBeNull();
  });
});
