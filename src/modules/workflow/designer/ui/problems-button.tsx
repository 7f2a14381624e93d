import { ProblemsButton as SharedProblemsButton } from '@/components/designer/problems-button';
import type { DesignProblem } from '../core/problems';
import { problemText } from '../messages';
import { useFlowDesigner } from './use-flow-designer';

/**
 * The problem count; a click lists them, and a click on one selects its node or edge (or, for the
 * name, code and form, the flow's settings). `problems`: the designer's own and those a refused
 * release named.
 */
export function ProblemsButton({ problems, onShown }: { problems: readonly DesignProblem[]; onShown?: () => void }) {
  const designer = useFlowDesigner();
  const go = (p: DesignProblem) => {
    designer.dispatch({ type: 'select', target: p.edgeId ? { kind: 'edge', id: p.edgeId } : p.nodeId ? { kind: 'node', id: p.nodeId } : null });
    onShown?.();
  };
  return (
    <SharedProblemsButton
      problems={problems}
      testIdPrefix="flow"
      textOf={(p) => problemText(p.message)}
      dataOf={(p) => ({ 'data-node': p.nodeId, 'data-edge': p.edgeId })}
      onPick={go}
    />
  );
}
