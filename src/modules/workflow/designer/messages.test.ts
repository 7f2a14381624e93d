import { describe, expect, it } from 'vitest';
import { checkFlow, type FlowGraph } from '@/contracts/workflow-graph';
import { CONNECT_REFUSALS } from './core/graph';
import { NO_FORM } from './core/problems';
import { problemPatternList, problemText } from './messages';

/** Every message checkFlow can write has its pattern here, so it is translated with its values. */
describe('problem texts', () => {
  const broken: FlowGraph = {
    nodes: [
      { id: 'a', type: 'approver', name: '主管', position: { x: 0, y: 0 }, approvers: { kind: 'user', ids: [] }, editableFields: ['x'] },
      { id: 'a', type: 'condition', name: '', position: { x: 0, y: 0 } },
      { id: 'c', type: 'circulate', name: '抄送', position: { x: 0, y: 0 } },
      { id: 'e', type: 'end', name: '结束', position: { x: 0, y: 0 } },
      { id: 'k', type: 'condition', name: '天数', position: { x: 0, y: 0 } },
      { id: 's', type: 'start', name: '发起', position: { x: 0, y: 0 } },
      { id: 's2', type: 'start', name: '发起', position: { x: 0, y: 0 } },
    ],
    edges: [
      { id: '1', source: 'e', target: 's' },
      { id: '2', source: 'c', target: 'c' },
      { id: '3', source: 'k', target: 'a', conditions: [{ field: 'nope', op: 'gt', value: '1' }] },
      { id: '4', source: 'k', target: 'e' },
      { id: '5', source: 'x', target: 'e' },
      { id: '6', source: 'a', target: 'k' },
      { id: '7', source: 'a', target: 'e' },
    ],
  };

  it('matches every message of a badly broken graph, and the designer’s own', () => {
    const messages = [...checkFlow(broken, new Map()).map((p) => p.message), ...Object.values(CONNECT_REFUSALS), NO_FORM];
    expect(messages.length).toBeGreaterThan(15);
    for (const m of messages) expect(problemPatternList().some((p) => p.test(m)), m).toBe(true);
  });

  it('keeps the names and numbers', () => {
    expect(problemText('条件节点「天数」至少需要两个分支')).toBe('条件节点「天数」至少需要两个分支');
    expect(problemText('审批节点「主管」可编辑的字段不存在：x')).toBe('审批节点「主管」可编辑的字段不存在：x');
    expect(problemText('something else')).toBe('something else');
  });
});
