import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { urgencyOf } from '@/contracts/workflow-paths';
import { statusLabel, urgencyLabel } from '../labels';

/** A flow status (spec 3) as a coloured tag: 审批中 blue, 已通过 green, 已拒绝 red, 已撤回 grey, 已终止 orange. */
export function StatusTag({ status }: { status: number }) {
  const { i18n } = useLingui();
  const known = statusLabel(status);
  return (
    <Badge size="sm" variant="subtle" colorPalette={known?.color ?? 'gray'} data-testid={`wf-status-${status}`} data-status={status}>
      {known ? i18n._(known.label) : String(status)}
    </Badge>
  );
}

/** An urgency (spec 3) as a coloured tag: 普通 grey, 重要 orange, 紧急 red; any other value 普通. */
export function UrgencyTag({ urgent }: { urgent: unknown }) {
  const { i18n } = useLingui();
  const code = urgencyOf(urgent);
  const { label, color } = urgencyLabel(code);
  return (
    <Badge size="sm" variant={code === 1 ? 'outline' : 'subtle'} colorPalette={color} data-testid={`wf-urgent-${code}`}>
      {i18n._(label)}
    </Badge>
  );
}
