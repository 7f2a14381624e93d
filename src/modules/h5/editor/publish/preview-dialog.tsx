import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { DialogSections, DialogShell } from '@/components/dialog-frame';

/** 预览: placeholder while the page view moves into the module (next commit). */
export function PreviewDialog({ onClose }: { workId: string; onClose(): void }) {
  const { t } = useLingui();
  return (
    <DialogShell onClose={onClose} size="lg" testId="preview-dialog">
      <DialogSections title={t`预览`}>
        <Text>{t`预览`}</Text>
      </DialogSections>
    </DialogShell>
  );
}
