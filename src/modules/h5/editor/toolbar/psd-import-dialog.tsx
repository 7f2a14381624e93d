import { useRef, useState } from 'react';
import { Alert, Button, chakra, Progress, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FileUp } from 'lucide-react';
import { DialogFrame } from '@/components/dialog-frame';
import { notify } from '@/lib/notify';
import { PsdImportError } from '../../psd/convert';
import { browserPsdDeps, importPsd, psdProblemMessages, type ImportProgress } from '../../psd/import-psd';

/** 导入PSD: pick a .psd file; a progress bar while it is read, decoded and its layer images uploaded; a clear error otherwise. */
export function PsdImportDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const phaseLabel = { read: t`正在读取文件…`, decode: t`正在解析图层…`, upload: t`正在上传图层图片…` };
  // The three phases share the bar: reading a tenth, decoding half, uploading the rest.
  const overall = progress ? { read: 0, decode: 10, upload: 60 }[progress.phase] + progress.fraction * { read: 10, decode: 50, upload: 40 }[progress.phase] : 0;

  const start = async (file: File) => {
    setError(null);
    setProgress({ phase: 'read', fraction: 0 });
    try {
      const uuids = await importPsd(file, await browserPsdDeps(), setProgress);
      const n = uuids.length;
      notify({ kind: 'success', title: t`已导入 ${n} 个图层` });
      onClose();
    } catch (e) {
      setError(e instanceof PsdImportError ? i18n._(psdProblemMessages[e.problem]) : t`导入失败，请稍后重试`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <DialogFrame
      title={t`导入PSD`}
      onClose={() => !busy && onClose()}
      testId="psd-dialog"
      footer={
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t`关闭`}
        </Button>
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t`PSD的每个可见图层会按作品宽度等比缩放后加到当前页面：文字图层成为文字元素，其他图层成为图片（上传到素材库）。文件不能超过50MB，导入需要联网。`}
        </Text>
        <chakra.input
          ref={input}
          type="file"
          accept=".psd,image/vnd.adobe.photoshop,application/x-photoshop"
          display="none"
          data-testid="psd-file"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void start(file);
          }}
        />
        <Button colorPalette="brand" onClick={() => input.current?.click()} loading={busy} data-testid="psd-pick">
          <FileUp size={16} />
          {t`选择PSD文件`}
        </Button>
        {progress && (
          <Stack gap="1" data-testid="psd-progress">
            <Progress.Root value={Math.round(overall)} size="sm" colorPalette="brand" aria-label={phaseLabel[progress.phase]}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="xs" color="fg.muted">
              {phaseLabel[progress.phase]} {Math.round(overall)}%
            </Text>
          </Stack>
        )}
        {error && (
          <Alert.Root status="error" data-testid="psd-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
