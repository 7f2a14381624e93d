import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowInfo } from '@/contracts/workflow';
import { starterGraph } from '@/contracts/workflow-graph';
import { UserDb } from '@/lib/sync/user-db';
import { bodyOf, docOf, problemsOfRefusal } from './api';
import { clearLocalCopy, createCopyKeeper, differsFrom, readLocalCopy, writeLocalCopy } from './local-copy';
import { flowStatusOf } from './ui/flow-status';

const FLOW = '01HZY3Q7V9ZJ6W9M3N4K5P6Q7R';
const info: FlowInfo = {
  id: FLOW,
  enCode: 'sampleRequest',
  fullName: '样品申领',
  category: 'store',
  icon: 'file-text',
  description: null,
  draft: { formId: null, graph: starterGraph() },
  publishedVersion: 2,
  changed: false,
  version: 7,
  creatorTime: '2026-11-01 10:00:00',
  lastModifyTime: null,
};
const { draft: _draft, ...row } = info;

let db: UserDb | null = null;
const open = () => (db = new UserDb(`flow-designer-${Math.random().toString(36).slice(2)}`));
afterEach(async () => {
  vi.useRealTimers();
  await db?.delete();
  db = null;
});

describe('the flow designer’s calls and states', () => {
  it('a flow’s document and the body saved: the description as text, the same draft', () => {
    const doc = docOf(info);
    expect(doc.description).toBe('');
    expect(bodyOf(doc, FLOW)).toEqual({ id: FLOW, fullName: '样品申领', enCode: 'sampleRequest', category: 'store', icon: 'file-text', description: '', draft: info.draft });
    expect(bodyOf(doc)).not.toHaveProperty('id');
  });

  it('reads the problems a refused release names, as a list or as { problems }, leaving out what is not one', () => {
    const p = { message: '缺少结束节点' };
    expect(problemsOfRefusal([p, { nope: 1 }])).toEqual([p]);
    expect(problemsOfRefusal({ problems: [p] })).toEqual([p]);
    expect(problemsOfRefusal(null)).toEqual([]);
  });

  it('the state shown: 未发布, published, or changed (by the server or by unsaved edits)', () => {
    expect(flowStatusOf({ publishedVersion: 0, changed: true })).toBe('draft');
    expect(flowStatusOf(info)).toBe('published');
    expect(flowStatusOf(info, true)).toBe('changed');
    expect(flowStatusOf({ ...info, changed: true })).toBe('changed');
  });
});

describe('the working copy kept on this device', () => {
  it('is written, read back and cleared under workflow.design.<flowId>', async () => {
    const d = open();
    const doc = { ...docOf(info), fullName: '样品申领（新）' };
    await writeLocalCopy(FLOW, doc, row, d);
    expect((await d.kv.get(`workflow.design.${FLOW}`))?.value).toMatchObject({ version: 7, info: { publishedVersion: 2 } });
    const copy = await readLocalCopy(FLOW, d);
    expect(copy?.doc.fullName).toBe('样品申领（新）');
    expect(differsFrom(copy!, docOf(info))).toBe(true);
    expect(differsFrom(copy!, doc)).toBe(false);
    await clearLocalCopy(FLOW, d);
    expect(await readLocalCopy(FLOW, d)).toBeNull();
  });

  it('the keeper writes once after the changes settle, and clears when the document matches the server again', async () => {
    vi.useFakeTimers();
    const d = open();
    const keeper = createCopyKeeper(FLOW, () => row, 400, () => d);
    const spy = vi.spyOn(d.kv, 'put');
    keeper.keep({ ...docOf(info), fullName: 'a' }, true);
    keeper.keep({ ...docOf(info), fullName: 'ab' }, true);
    await vi.advanceTimersByTimeAsync(450);
    expect(spy).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect((await readLocalCopy(FLOW, d))?.doc.fullName).toBe('ab');
    keeper.keep(docOf(info), false);
    await keeper.flush();
    expect(await readLocalCopy(FLOW, d)).toBeNull();
  });
});
