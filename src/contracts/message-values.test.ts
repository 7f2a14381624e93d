import { describe, expect, it } from 'vitest';
import { flowRouteOf, MessageType } from './message-values';

describe('flowRouteOf (spec 2.1, 2.7)', () => {
  it('opens todo for type 2, circulate for type 3 and launch otherwise, the body type first', () => {
    expect(flowRouteOf({ type: MessageType.flowTodo })).toBe('/workFlow/flowTodo');
    expect(flowRouteOf({ type: MessageType.flowCirculate, bodyText: 'not json' })).toBe('/workFlow/flowCirculate');
    expect(flowRouteOf({ type: MessageType.flowLaunch, bodyText: '{}' })).toBe('/workFlow/flowLaunch');
    expect(flowRouteOf({ type: 9 })).toBe('/workFlow/flowLaunch');
    expect(flowRouteOf({ type: MessageType.flowLaunch, bodyText: JSON.stringify({ type: 2 }) })).toBe('/workFlow/flowTodo');
    expect(flowRouteOf({ type: MessageType.flowTodo, bodyText: JSON.stringify({ type: 3 }) })).toBe('/workFlow/flowCirculate');
  });

  it('carries the task the JSON body names, so the page opens it', () => {
    const route = flowRouteOf({ type: 2, bodyText: JSON.stringify({ type: 2, flowId: 'F 1', taskId: 'T1', todoId: 'D1' }) });
    expect(route).toBe('/workFlow/flowTodo?taskId=T1&flowId=F+1');
    const params = new URLSearchParams(route.split('?')[1]);
    expect(params.get('flowId')).toBe('F 1');
    // Half a task is no task.
    expect(flowRouteOf({ type: 3, bodyText: JSON.stringify({ type: 3, taskId: 'T1' }) })).toBe('/workFlow/flowCirculate');
  });
});
