import { ProblemsButton as SharedProblemsButton } from '@/components/designer/problems-button';
import type { DesignProblem } from '../core/problems';
import { problemText } from '../messages';
import { useDesigner, useDesignerView } from './use-designer';

/** The problem count; a click lists them, and a click on one selects its item (or opens the panel where it is fixed). */
export function ProblemsButton({ onShown }: { onShown?: () => void }) {
  const designer = useDesigner();
  const problems = useDesignerView().problems;
  const go = (p: DesignProblem) => {
    if (p.itemId) designer.dispatch({ type: 'select', id: p.itemId });
    else designer.dispatch({ type: 'showPanel', panel: p.where === 'meta' ? 'form' : p.where });
    onShown?.();
  };
  return <SharedProblemsButton<DesignProblem> problems={problems} testIdPrefix="od-design" textOf={problemText} dataOf={(p) => ({ 'data-item': p.itemId })} onPick={go} />;
}
