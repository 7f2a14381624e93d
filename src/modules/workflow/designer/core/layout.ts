import type { FlowNode } from '@/contracts/workflow-graph';
import { COLUMN_GAP, ROW_GAP } from './types';

export interface Point {
  x: number;
  y: number;
}

/** Two nodes closer than this (each way) overlap on the canvas. */
const NEAR_X = COLUMN_GAP - 40;
const NEAR_Y = ROW_GAP - 40;

const taken = (nodes: readonly FlowNode[], p: Point) => nodes.some((n) => Math.abs(n.position.x - p.x) < NEAR_X && Math.abs(n.position.y - p.y) < NEAR_Y);

/**
 * Where a new node goes: a row below `anchor` (shifted right by `dx`), moved further right while
 * another node is there; below nothing: at the origin.
 */
export function placeBelow(nodes: readonly FlowNode[], anchor: FlowNode | undefined, dx = 0): Point {
  const p = anchor ? { x: anchor.position.x + dx, y: anchor.position.y + ROW_GAP } : { x: 0, y: 0 };
  while (taken(nodes, p)) p.x += COLUMN_GAP;
  return p;
}
