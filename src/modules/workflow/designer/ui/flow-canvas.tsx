import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import {
  applyNodeChanges,
  Background,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type FinalConnectionState,
  type IsValidConnection,
  type NodeChange,
  type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { FLOW_NODE_TYPES, type FlowEdge, type FlowGraph, type FlowNodeType, type FormFields } from '@/contracts/workflow-graph';
import { notify } from '@/lib/notify';
import { connectRefusal } from '../core/graph';
import { problemTargets } from '../core/problems';
import type { FlowSelection } from '../core/types';
import { opName, problemText } from '../messages';
import { flowNodeTypes, NODE_WIDTH, type CanvasNode } from './flow-nodes';
import { useFlowDesigner, useFlowView } from './use-flow-designer';

/** The palette's drag payload type (a node type dropped on the canvas). */
export const NODE_DRAG_TYPE = 'application/x-yunmian-flow-node';

const isSelected = (sel: FlowSelection, kind: 'node' | 'edge', id: string) => sel?.kind === kind && sel.id === id;

/** The canvas nodes for the graph, keeping what the canvas measured of each (its size). */
function canvasNodes(graph: FlowGraph, sel: FlowSelection, marked: ReadonlySet<string>, prev: readonly CanvasNode[]): CanvasNode[] {
  const before = new Map(prev.map((n) => [n.id, n]));
  return graph.nodes.map((node) => ({
    ...before.get(node.id),
    id: node.id,
    type: node.type,
    position: node.position,
    data: { node, problem: marked.has(node.id) },
    selected: isSelected(sel, 'node', node.id),
    deletable: false,
  }));
}

/** An edge's words: a branch's conditions (天数 大于 3), 默认 for the default branch, or its own label. */
export function edgeLabel(e: FlowEdge, fromCondition: boolean, fields: FormFields | undefined, defaultText: string): string | undefined {
  if (e.label) return e.label;
  if (!fromCondition) return undefined;
  if (e.isDefault) return defaultText;
  const clauses = e.conditions ?? [];
  if (!clauses.length) return undefined;
  const first = clauses[0]!;
  const text = `${fields?.get(first.field)?.label ?? first.field} ${opName(first.op)} ${first.value}`;
  return clauses.length > 1 ? `${text} …` : text;
}

/**
 * The flow on a canvas (@xyflow/react): the nodes drawn by type, edges drawn by dragging from a
 * node's lower handle to another's upper one (what the graph refuses is refused with the reason),
 * nodes moved by dragging (one undo step per drag), a node type dropped from the palette, pan and
 * zoom by mouse or touch. Selection and every change go through the designer.
 */
export function FlowCanvas({ narrow }: { narrow: boolean }) {
  const { t } = useLingui();
  const designer = useFlowDesigner();
  const view = useFlowView();
  const flow = useReactFlow();
  const graph = view.state.doc.draft.graph;
  const sel = view.state.selection;
  const marks = useMemo(() => problemTargets(view.problems), [view.problems]);
  const [nodes, setNodes] = useState<CanvasNode[]>(() => canvasNodes(graph, sel, marks.nodes, []));
  useEffect(() => setNodes((prev) => canvasNodes(graph, sel, marks.nodes, prev)), [graph, sel, marks]);

  // A node added out of sight (below the lowest one, on a small screen) is brought into view.
  const box = useRef<HTMLDivElement>(null);
  const known = useRef(new Set(graph.nodes.map((n) => n.id)));
  useEffect(() => {
    const before = known.current;
    known.current = new Set(graph.nodes.map((n) => n.id));
    const added = sel?.kind === 'node' && !before.has(sel.id) ? graph.nodes.find((n) => n.id === sel.id) : undefined;
    const r = box.current?.getBoundingClientRect();
    if (!added || !r) return;
    const centre = { x: added.position.x + NODE_WIDTH / 2, y: added.position.y + 30 };
    const p = flow.flowToScreenPosition(centre);
    if (p.x < r.left || p.x > r.right || p.y < r.top || p.y > r.bottom - 40) void flow.setCenter(centre.x, centre.y, { zoom: flow.getZoom(), duration: 250 });
  }, [graph.nodes, sel, flow]);

  const defaultText = t`默认`;
  const edges = useMemo<Edge[]>(() => {
    const conditions = new Set(graph.nodes.filter((n) => n.type === 'condition').map((n) => n.id));
    return graph.edges.map((e) => {
      const problem = marks.edges.has(e.id);
      const label = edgeLabel(e, conditions.has(e.source), view.fields, defaultText);
      return {
        id: e.id,
        source: e.source,
        target: e.target,
        type: 'smoothstep',
        selected: isSelected(sel, 'edge', e.id),
        deletable: false,
        markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
        ...(label ? { label, labelBgPadding: [6, 3] as [number, number], labelBgBorderRadius: 4 } : {}),
        ...(problem ? { style: { stroke: 'var(--chakra-colors-red-solid)' }, className: 'flow-edge-problem' } : {}),
        interactionWidth: narrow ? 28 : 16,
        data: { problem },
      };
    });
  }, [graph, sel, marks, view.fields, defaultText, narrow]);

  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => setNodes((ns) => applyNodeChanges(changes.filter((c) => c.type === 'position' || c.type === 'dimensions'), ns)), []);
  const onNodeDragStop: OnNodeDrag<CanvasNode> = useCallback((_e, _node, dragged) => designer.dispatch({ type: 'moveNodes', moves: dragged.map((n) => ({ id: n.id, position: n.position })) }), [designer]);
  const isValidConnection: IsValidConnection = useCallback((c) => !connectRefusal(designer.view().state.doc.draft.graph, c.source, c.target), [designer]);
  const onConnect = useCallback((c: Connection) => designer.dispatch({ type: 'connect', source: c.source, target: c.target }), [designer]);
  const onConnectEnd = useCallback(
    (_e: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid !== false || !state.fromNode || !state.toNode) return;
      const reason = connectRefusal(designer.view().state.doc.draft.graph, state.fromNode.id, state.toNode.id);
      if (reason) notify({ kind: 'warning', title: t`不能这样连线`, description: problemText(reason) });
    },
    [designer, t],
  );
  const select = (target: FlowSelection) => designer.dispatch({ type: 'select', target });

  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(NODE_DRAG_TYPE)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(NODE_DRAG_TYPE) as FlowNodeType;
    if (!FLOW_NODE_TYPES.includes(type)) return;
    e.preventDefault();
    const p = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
    designer.dispatch({ type: 'addNode', nodeType: type, at: { x: Math.round(p.x - 100), y: Math.round(p.y - 25) } });
  };

  return (
    <Box ref={box} flex="1" minW="0" minH="0" position="relative" bg="bg.subtle" data-testid="flow-canvas" css={canvasCss}>
      <ReactFlow<CanvasNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={flowNodeTypes}
        onNodesChange={onNodesChange}
        onNodeDragStop={onNodeDragStop}
        onNodeClick={(_e, n) => select({ kind: 'node', id: n.id })}
        onEdgeClick={(_e, ed) => select({ kind: 'edge', id: ed.id })}
        onPaneClick={() => select(null)}
        onConnect={onConnect}
        onConnectEnd={onConnectEnd}
        isValidConnection={isValidConnection}
        onDragOver={onDragOver}
        onDrop={onDrop}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={2}
        connectionRadius={narrow ? 40 : 24}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={20} />
        <Controls showInteractive={false} position="bottom-left" />
        {narrow ? null : <MiniMap pannable zoomable position="bottom-right" ariaLabel={t`缩略图`} style={{ width: 150, height: 100 }} />}
      </ReactFlow>
    </Box>
  );
}

/** Handles easy to hit (bigger on touch screens) in the node's colours; chosen edges in the brand colour. */
const canvasCss = {
  '& .flow-handle': { width: '10px', height: '10px', background: 'var(--chakra-colors-bg)', border: '2px solid var(--chakra-colors-fg-muted)' },
  '@media (pointer: coarse)': { '& .flow-handle': { width: '16px', height: '16px' } },
  '& .react-flow__edge.selected .react-flow__edge-path': { stroke: 'var(--chakra-colors-brand-solid)', strokeWidth: 2.5 },
  '& .react-flow__edge-textbg': { fill: 'var(--chakra-colors-bg)' },
  '& .react-flow__edge-text': { fill: 'var(--chakra-colors-fg)', fontSize: '11px' },
  '& .react-flow__controls button': { background: 'var(--chakra-colors-bg)', color: 'var(--chakra-colors-fg)', borderColor: 'var(--chakra-colors-border)' },
};
