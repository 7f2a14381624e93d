import { describe, expect, it } from 'vitest';
import { starterGraph } from '@/contracts/workflow-graph';
import { actionForKey } from './actions';
import { createFlowDesigner } from './designer';
import { NO_FORM } from './problems';
import type { FlowDoc } from './types';

const FORM = '01J0000000000000000000000F';
const doc = (over: Partial<FlowDoc> = {}): FlowDoc => ({ fullName: '请假申请', enCode: 'leave', category: 'hr', icon: 'file-text', description: '', draft: { formId: FORM, graph: starterGraph() }, ...over });

describe('the flow designer store', () => {
  it('undoes and redoes document changes, not selections, and knows when it is back to the saved one', () => {
    const d = createFlowDesigner(doc());
    expect(d.view().dirty).toBe(false);
    d.dispatch({ type: 'select', target: { kind: 'node', id: 'approve1' } });
    expect(d.view().canUndo).toBe(false);
    d.dispatch({ type: 'addNode', nodeType: 'approver' });
    expect(d.view().state.doc.draft.graph.nodes).toHaveLength(4);
    expect(d.view().dirty).toBe(true);
    d.undo();
    expect(d.view().state.doc.draft.graph.nodes).toHaveLength(3);
    // The selection followed the restore: the new node is gone.
    expect(d.view().state.selection).toBeNull();
    expect(d.view().dirty).toBe(false);
    d.redo();
    expect(d.view().state.doc.draft.graph.nodes).toHaveLength(4);
    d.markSaved(d.view().state.doc);
    expect(d.view().dirty).toBe(false);
  });

  it('a typed name is one step', () => {
    const d = createFlowDesigner(doc());
    for (const name of ['请', '请假', '请假单']) d.dispatch({ type: 'setInfo', patch: { fullName: name }, merge: 'fullName' });
    d.seal();
    d.dispatch({ type: 'updateNode', id: 'approve1', patch: { name: '主管' }, merge: 'name:approve1' });
    d.undo();
    expect(d.view().state.doc.fullName).toBe('请假单');
    d.undo();
    expect(d.view().state.doc.fullName).toBe('请假申请');
    expect(d.view().canUndo).toBe(false);
  });

  it('lists the problems of the graph, the form and the name; with the form’s fields, fields it lacks', () => {
    const d = createFlowDesigner(doc({ fullName: '', draft: { formId: null, graph: starterGraph() } }));
    const messages = () => d.view().problems.map((p) => p.message);
    expect(messages()).toContain('名称不能为空');
    expect(messages()).toContain(NO_FORM);
    d.dispatch({ type: 'setInfo', patch: { fullName: '请假申请' } });
    d.dispatch({ type: 'setForm', formId: FORM });
    expect(d.view().problems).toEqual([]);
    d.dispatch({ type: 'updateNode', id: 'approve1', patch: { editableFields: ['reason'] } });
    expect(d.view().problems).toEqual([]);
    d.setFields(new Map([['days', { label: '天数', type: 'numInput' }]]));
    expect(d.view().problems).toEqual([{ message: '审批节点「审批」可编辑的字段不存在：reason', nodeId: 'approve1' }]);
    d.dispatch({ type: 'removeEdge', id: 'e-approve1-end' });
    expect(d.view().problems.find((p) => p.nodeId === 'approve1' && p.message.includes('没有连出'))).toBeTruthy();
  });

  it('keys: Delete removes the selected node, Escape clears the selection, Ctrl+Z undoes; nothing while nothing is offered', () => {
    const d = createFlowDesigner(doc());
    expect(actionForKey(d.view(), { key: 'Delete' })).toBeNull();
    d.dispatch({ type: 'select', target: { kind: 'edge', id: 'e-start-approve1' } });
    actionForKey(d.view(), { key: 'Backspace' })!.perform(d);
    expect(d.view().state.doc.draft.graph.edges.map((e) => e.id)).toEqual(['e-approve1-end']);
    actionForKey(d.view(), { key: 'z', ctrlKey: true })!.perform(d);
    expect(d.view().state.doc.draft.graph.edges).toHaveLength(2);
    d.dispatch({ type: 'select', target: { kind: 'node', id: 'end' } });
    actionForKey(d.view(), { key: 'Escape' })!.perform(d);
    expect(d.view().state.selection).toBeNull();
    actionForKey(d.view(), { key: 'y', metaKey: true })!.perform(d);
    expect(d.view().state.doc.draft.graph.edges).toHaveLength(1);
    expect(actionForKey(d.view(), { key: 'y', metaKey: true })).toBeNull();
  });
});
