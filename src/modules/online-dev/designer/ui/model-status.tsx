import { Badge } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ModelInfo } from '@/contracts/online-dev-model';

/** A model's state: never published, published as designed, or with changes not yet published. */
export type ModelStatus = 'draft' | 'published' | 'changed';

export function StatusBadge({ status }: { status: ModelStatus }) {
  if (status === 'published')
    return (
      <Badge colorPalette="green" variant="subtle">
        <Trans>已发布</Trans>
      </Badge>
    );
  if (status === 'changed')
    return (
      <Badge colorPalette="orange" variant="subtle">
        <Trans>有未发布的修改</Trans>
      </Badge>
    );
  return (
    <Badge variant="subtle">
      <Trans>未发布</Trans>
    </Badge>
  );
}

export const statusOf = (info: Pick<ModelInfo, 'publishedVersion' | 'changed'>, dirty = false): ModelStatus => (info.publishedVersion === 0 ? 'draft' : info.changed || dirty ? 'changed' : 'published');
