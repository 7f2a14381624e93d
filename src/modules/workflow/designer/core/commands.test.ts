import { describe, expect, it } from 'vitest';
import { checkFlow, starterGraph, type FlowGraph } from '@/contracts/workflow-graph';
import { apply, captureOf, type FlowCommand } from './commands';
import { connectRefusal, CONNECT_REFUSALS } from './graph';
import { ROW_GAP, type FlowDoc, type FlowState } from './types';

const docOf = (graph: FlowGraph = starterGraph()): FlowDoc => ({ fullName: '样品申领', enCode: 'sampleRequest', category: 'store', icon: 'file-text', description: '', draft: { formId: null, graph } });
const stateOf = (graph?: FlowGraph): FlowState => ({ doc: docOf(graph), selection: null });
const run = (s: FlowState, ...commands: FlowCommand[]) => commands.reduce(apply, s);
const graphOf = (s: FlowState) => s.doc.draft.graph;
const node = (s: FlowState, id: string) => graphOf(s).nodes.find((n) => n.id === id)!;
const ways = (s: FlowState) => graphOf(s).edges.map((e) => `${e.source}>${e.target}`).sort();
const selectNode = (id: string): FlowCommand => ({ type: 'select', target: { kind: 'node', id } });

describe('adding nodes', () => {
  it('splices a new approver below the selected one, moving what follows a row down', () => {
    const s = run(stateOf(), selectNode('approve1'), { type: 'addNode', nodeType: 'approver' });
    expect(ways(s)).toEqual(['approve1>approver1', 'approver1>end', 'start>approve1']);
    expect(node(s, 'approver1')).toMatchObject({ name: '审批', approvers: { kind: 'deptHead', ids: [] }, mode: 'any', position: { x: 0, y: 240 } });
    expect(node(s, 'end').position.y).toBe(240 + ROW_GAP);
    expect(s.selection).toEqual({ kind: 'node', id: 'approver1' });
    expect(checkFlow(graphOf(s))).toEqual([]);
  });

  it('a condition spliced in takes the old way as its default branch; a click with the condition selected adds the next branch beside it', () => {
    let s = run(stateOf(), selectNode('start'), { type: 'addNode', nodeType: 'condition' });
    const def = graphOf(s).edges.find((e) => e.source === 'condition1')!;
    expect(def).toMatchObject({ target: 'approve1', isDefault: true });
    s = run(s, { type: 'addNode', nodeType: 'approver' });
    const branch = graphOf(s).edges.find((e) => e.source === 'condition1' && e.target === 'approver1')!;
    expect(branch).toMatchObject({ priority: 1, conditions: [] });
    expect(node(s, 'approver1').position.x).toBeGreaterThan(node(s, 'approve1').position.x);
    // The new branch leads nowhere and has no condition yet: the checks say so.
    const messages = checkFlow(graphOf(s)).map((p) => p.message);
    expect(messages).toContain('条件节点「条件」的分支缺少条件');
    expect(messages).toContain('节点「审批」没有连出的连线');
  });

  it('without a selection the node goes below the lowest one, unconnected; dropped ones stay where they were dropped', () => {
    let s = run(stateOf(), { type: 'addNode', nodeType: 'circulate' });
    expect(node(s, 'circulate1')).toMatchObject({ position: { x: 0, y: 240 + ROW_GAP }, receivers: { kind: 'user', ids: [] } });
    expect(graphOf(s).edges).toHaveLength(2);
    s = run(s, { type: 'addNode', nodeType: 'end', at: { x: 500, y: 40 } });
    expect(node(s, 'end1').position).toEqual({ x: 500, y: 40 });
  });

  it('refuses a second start node', () => {
    const s = stateOf();
    expect(apply(s, { type: 'addNode', nodeType: 'start' })).toBe(s);
  });
});

describe('connecting', () => {
  const loose = (): FlowState => run(stateOf(), { type: 'addNode', nodeType: 'approver', at: { x: 300, y: 120 } }, { type: 'addNode', nodeType: 'condition', at: { x: 300, y: 0 } });

  it('refuses what checkFlow would refuse at once, with the reason', () => {
    const g = graphOf(loose());
    expect(connectRefusal(g, 'approver1', 'start')).toBe(CONNECT_REFUSALS.intoStart);
    expect(connectRefusal(g, 'end', 'approver1')).toBe(CONNECT_REFUSALS.outOfEnd);
    expect(connectRefusal(g, 'approver1', 'approver1')).toBe(CONNECT_REFUSALS.self);
    expect(connectRefusal(g, 'start', 'approve1')).toBe(CONNECT_REFUSALS.duplicate);
    expect(connectRefusal(g, 'approve1', 'approver1')).toBe(CONNECT_REFUSALS.secondWayOut);
    expect(connectRefusal(g, 'approver1', 'approve1')).toBeNull();
    const s = run(loose(), { type: 'connect', source: 'approver1', target: 'approve1' });
    expect(connectRefusal(graphOf(s), 'approve1', 'approver1')).not.toBeNull();
    expect(connectRefusal(graphOf(run(s, { type: 'removeEdge', id: 'e-approve1-end' })), 'approve1', 'approver1')).toBe(CONNECT_REFUSALS.loop);
    const before = loose();
    expect(apply(before, { type: 'connect', source: 'approver1', target: 'start' })).toBe(before);
  });

  it('joins two nodes and selects the edge; a condition takes several ways out, numbered by priority', () => {
    let s = run(loose(), { type: 'connect', source: 'condition1', target: 'approver1' }, { type: 'connect', source: 'condition1', target: 'end' });
    expect(s.selection).toEqual({ kind: 'edge', id: 'e-condition1-end' });
    expect(graphOf(s).edges.filter((e) => e.source === 'condition1').map((e) => e.priority)).toEqual([0, 1]);
    s = run(s, { type: 'removeEdge', id: 'e-condition1-end' });
    expect(s.selection).toBeNull();
    expect(ways(s)).not.toContain('condition1>end');
  });
});

describe('removing and editing', () => {
  it('removes a node with its edges, joining the way it stood on', () => {
    const s = run(stateOf(), selectNode('approve1'), { type: 'removeNode', id: 'approve1' });
    expect(graphOf(s).nodes.map((n) => n.id)).toEqual(['start', 'end']);
    expect(ways(s)).toEqual(['start>end']);
    expect(s.selection).toBeNull();
  });

  it('a condition removed takes all its branches', () => {
    let s = run(stateOf(), selectNode('start'), { type: 'addNode', nodeType: 'condition' }, { type: 'addNode', nodeType: 'end' });
    expect(ways(s)).toContain('condition1>end1');
    s = run(s, { type: 'removeNode', id: 'condition1' });
    expect(ways(s)).toEqual(['approve1>end']);
  });

  it('sets approvers, mode, editable fields and receivers; another kind clears the ids', () => {
    let s = run(stateOf(), { type: 'updateNode', id: 'approve1', patch: { approvers: { kind: 'user', ids: ['01J0000000000000000000000U'] }, mode: 'all', editableFields: ['days'] } });
    expect(node(s, 'approve1')).toMatchObject({ approvers: { kind: 'user', ids: ['01J0000000000000000000000U'] }, mode: 'all', editableFields: ['days'] });
    const kind = node(s, 'approve1').approvers!;
    s = run(s, { type: 'updateNode', id: 'approve1', patch: { approvers: { ...kind, kind: 'role' } } });
    expect(node(s, 'approve1').approvers).toEqual({ kind: 'role', ids: [] });
    s = run(s, { type: 'setForm', formId: '01J0000000000000000000000F' });
    expect(node(s, 'approve1').editableFields).toEqual([]);
    expect(s.doc.draft.formId).toBe('01J0000000000000000000000F');
  });

  it('one default branch per condition: choosing one unsets the other', () => {
    let s = run(stateOf(), selectNode('start'), { type: 'addNode', nodeType: 'condition' }, { type: 'addNode', nodeType: 'end' });
    const [first, second] = graphOf(s).edges.filter((e) => e.source === 'condition1');
    expect(first!.isDefault).toBe(true);
    s = run(s, { type: 'updateEdge', id: second!.id, patch: { isDefault: true } }, { type: 'updateEdge', id: first!.id, patch: { conditions: [{ field: 'days', op: 'gt', value: '3' }], priority: 2 } });
    const after = graphOf(s).edges.filter((e) => e.source === 'condition1');
    expect(after.map((e) => !!e.isDefault)).toEqual([false, true]);
    expect(after[0]).toMatchObject({ conditions: [{ field: 'days', op: 'gt', value: '3' }], priority: 2 });
    expect(checkFlow(graphOf(s)).filter((p) => p.nodeId === 'condition1')).toEqual([]);
  });

  it('moves nodes to whole pixels; a move to the same place changes nothing', () => {
    const s = stateOf();
    expect(apply(s, { type: 'moveNodes', moves: [{ id: 'end', position: { x: 0, y: 240 } }] })).toBe(s);
    expect(node(apply(s, { type: 'moveNodes', moves: [{ id: 'end', position: { x: 10.4, y: 300.6 } }] }), 'end').position).toEqual({ x: 10, y: 301 });
  });

  it('typed changes merge; selecting is not a step', () => {
    expect(captureOf({ type: 'select', target: null })).toBe('none');
    expect(captureOf({ type: 'setInfo', patch: { fullName: '样' }, merge: 'fullName' })).toEqual({ merge: 'fullName' });
    expect(captureOf({ type: 'removeNode', id: 'x' })).toBe('step');
    const s = stateOf();
    expect(apply(s, { type: 'setInfo', patch: { fullName: '样品申领' } })).toBe(s);
    expect(apply(s, { type: 'select', target: { kind: 'node', id: 'nope' } })).toBe(s);
  });
});
