import { describe, expect, it } from 'vitest';
import { branchOf, checkFlow, clauseHolds, starterGraph, walkFrom, type FlowEdge, type FlowGraph, type FlowNode, type FormFields } from './workflow-graph';

const at = { x: 0, y: 0 };
const node = (id: string, type: FlowNode['type'], more: Partial<FlowNode> = {}): FlowNode => ({ id, type, name: id, position: at, ...more });
const approver = (id: string) => node(id, 'approver', { approvers: { kind: 'deptHead', ids: [] }, mode: 'any' });
const edge = (source: string, target: string, more: Partial<FlowEdge> = {}): FlowEdge => ({ id: `${source}-${target}`, source, target, ...more });
const fields: FormFields = new Map([
  ['days', { label: '请假天数', type: 'numInput' }],
  ['leaveType', { label: '请假类型', type: 'select' }],
]);

/** start → cond: days > 3 → long → end; default → short → cc → end. */
function branched(): FlowGraph {
  return {
    nodes: [node('start', 'start'), node('cond', 'condition'), approver('long'), approver('short'), node('cc', 'circulate', { receivers: { kind: 'user', ids: ['u1'] } }), node('end', 'end')],
    edges: [
      edge('start', 'cond'),
      edge('cond', 'long', { conditions: [{ field: 'days', op: 'gt', value: '3' }] }),
      edge('cond', 'short', { isDefault: true }),
      edge('long', 'end'),
      edge('short', 'cc'),
      edge('cc', 'end'),
    ],
  };
}
const messages = (g: FlowGraph, f?: FormFields) => checkFlow(g, f).map((p) => p.message);

describe('checkFlow', () => {
  it('passes the starter graph and a graph with a condition over the form’s fields', () => {
    expect(checkFlow(starterGraph())).toEqual([]);
    expect(checkFlow(branched(), fields)).toEqual([]);
  });

  it('names what keeps a graph from being published', () => {
    const g = branched();
    expect(messages({ ...g, nodes: g.nodes.filter((n) => n.type !== 'start') })).toContain('缺少发起节点');
    expect(messages({ ...g, edges: g.edges.filter((e) => !e.isDefault) })).toContain('条件节点「cond」至少需要两个分支');
    expect(messages({ ...g, edges: g.edges.map((e) => (e.isDefault ? { ...e, isDefault: false } : e)) })).toContain('条件节点「cond」需要且只能有一个默认分支');
    expect(messages(g, new Map([['leaveType', { label: '请假类型', type: 'select' }]]))).toContain('分支条件的字段不存在：days');
    expect(messages({ ...g, nodes: g.nodes.map((n) => (n.id === 'long' ? { ...n, approvers: { kind: 'user', ids: [] } } : n)) })).toContain('审批节点「long」未选择审批人');
    expect(messages({ ...g, nodes: g.nodes.map((n) => (n.id === 'cc' ? { ...n, receivers: { kind: 'user', ids: [] } } : n)) })).toContain('抄送节点「cc」未选择抄送人');
    expect(messages({ ...g, edges: [...g.edges, edge('end', 'start')] })).toEqual(expect.arrayContaining(['结束节点「end」不能有连出的连线', '发起节点不能有连入的连线']));
    const loop: FlowGraph = { nodes: [node('start', 'start'), approver('a'), approver('b'), node('end', 'end')], edges: [edge('start', 'a'), edge('a', 'b'), edge('b', 'a')] };
    expect(messages(loop)).toEqual(expect.arrayContaining(['流程中不能有回路', '节点「a」无法到达结束节点']));
    const island: FlowGraph = { nodes: [...starterGraph().nodes, approver('lonely')], edges: [...starterGraph().edges, edge('lonely', 'end')] };
    expect(messages(island)).toContain('节点「lonely」无法从发起节点到达');
  });
});

describe('clauseHolds', () => {
  it('compares numbers as numbers, text as text, and finds values in lists', () => {
    expect(clauseHolds({ field: 'days', op: 'gt', value: '3' }, { days: 10 })).toBe(true);
    expect(clauseHolds({ field: 'days', op: 'gt', value: '3' }, { days: '2.5' })).toBe(false);
    expect(clauseHolds({ field: 'days', op: 'le', value: '3' }, { days: 3 })).toBe(true);
    expect(clauseHolds({ field: 'days', op: 'eq', value: '3' }, { days: '3.0' })).toBe(true);
    expect(clauseHolds({ field: 'leaveType', op: 'eq', value: 'sick' }, { leaveType: 'sick' })).toBe(true);
    expect(clauseHolds({ field: 'leaveType', op: 'ne', value: 'sick' }, { leaveType: 'annual' })).toBe(true);
    expect(clauseHolds({ field: 'tags', op: 'contains', value: 'b' }, { tags: ['a', 'b'] })).toBe(true);
    expect(clauseHolds({ field: 'tags', op: 'contains', value: 'c' }, { tags: ['a', 'bc'] })).toBe(false);
    expect(clauseHolds({ field: 'reason', op: 'contains', value: '病' }, { reason: '生病了' })).toBe(true);
    expect(clauseHolds({ field: 'missing', op: 'eq', value: '' }, {})).toBe(true);
    expect(clauseHolds({ field: 'missing', op: 'gt', value: '0' }, {})).toBe(false);
  });

  it('branchOf takes the first matching edge by priority, else the default', () => {
    const edges = [edge('c', 'x', { conditions: [{ field: 'n', op: 'gt', value: '1' }], priority: 2 }), edge('c', 'y', { conditions: [{ field: 'n', op: 'gt', value: '5' }], priority: 1 }), edge('c', 'z', { isDefault: true })];
    expect(branchOf(edges, { n: 9 })!.target).toBe('y');
    expect(branchOf(edges, { n: 3 })!.target).toBe('x');
    expect(branchOf(edges, { n: 0 })!.target).toBe('z');
  });
});

describe('walkFrom', () => {
  it('goes through conditions and circulations to the next approver or the end', () => {
    const g = branched();
    const long = walkFrom(g, 'start', { days: 5 });
    expect([long.stop.id, long.passed.map((n) => n.id), long.circulated]).toEqual(['long', ['cond', 'long'], []]);
    const short = walkFrom(g, 'start', { days: 1 });
    expect(short.stop.id).toBe('short');
    const after = walkFrom(g, 'short', { days: 1 });
    expect([after.stop.id, after.circulated.map((n) => n.id), after.passed.map((n) => n.id)]).toEqual(['end', ['cc'], ['cc', 'end']]);
  });

  it('throws on a broken graph instead of looping', () => {
    const g: FlowGraph = { nodes: [node('start', 'start'), node('cc', 'circulate')], edges: [edge('start', 'cc')] };
    expect(() => walkFrom(g, 'start', {})).toThrow(/leads nowhere/);
    expect(() => walkFrom(g, 'nope', {})).toThrow(/no node/);
  });
});
