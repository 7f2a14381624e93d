import { Badge } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { FlowInfo } from '@/contracts/workflow';

/** A flow's state: never published (未发布), published as designed (已发布 v2), or with changes not yet published (有改动). */
export type FlowStatus = 'draft' | 'published' | 'changed';

export const flowStatusOf = (info: Pick<FlowInfo, 'publishedVersion' | 'changed'>, dirty = false): FlowStatus => (info.publishedVersion === 0 ? 'draft' : info.changed || dirty ? 'changed' : 'published');

export function FlowStatusBadge({ info, dirty = false }: { info: Pick<FlowInfo, 'publishedVersion' | 'changed'>; dirty?: boolean }) {
  const status = flowStatusOf(info, dirty);
  const v = info.publishedVersion;
  if (status === 'draft')
    return (
      <Badge variant="subtle" data-testid="flow-status" data-status={status}>
        <Trans>未发布</Trans>
      </Badge>
    );
  return (
    <Badge colorPalette={status === 'published' ? 'green' : 'orange'} variant="subtle" data-testid="flow-status" data-status={status}>
      {status === 'published' ? <Trans>已发布 v{v}</Trans> : <Trans>v{v} · 有改动</Trans>}
    </Badge>
  );
}
