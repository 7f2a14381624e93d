import { useEffect, useState } from 'react';
import { Alert, Button, Center, chakra, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Download, ImageUp } from 'lucide-react';
import { DialogFrame } from '@/components/dialog-frame';
import { notify } from '@/lib/notify';
import { editorState } from '../../core/store';
import { uploadH5Image } from '../../elements/upload-image';
import { currentPosterName, downloadBlob, pageFrameNode, renderPoster, setCover } from '../../poster/poster';

type Shot = { blob: Blob; url: string; name: string };

/**
 * 截图海报: the editing page rendered to a PNG (2×) when the dialog opens, shown, then 下载海报
 * (`{title}-{page}.png`) or 设为封面 (uploaded as an h5 image; the work's cover_image_url, one undo step).
 */
export function PosterDialog({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const [shot, setShot] = useState<Shot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let url = '';
    let live = true;
    const frame = pageFrameNode();
    if (!frame) {
      setError(t`没有可以截图的页面`);
      return;
    }
    const name = currentPosterName();
    renderPoster(frame).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setShot({ blob, url, name });
      },
      () => live && setError(t`生成海报失败，请稍后重试`),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [t]);

  const applyAsCover = async () => {
    if (!shot) return;
    if (navigator.onLine === false) {
      setError(t`当前处于离线状态：设为封面需要联网上传图片`);
      return;
    }
    setUploading(true);
    editorState.loading.uploadCover = true;
    try {
      setCover(await uploadH5Image(shot.blob, shot.name));
      notify({ kind: 'success', title: t`已设为作品封面` });
      onClose();
    } catch {
      // The http client has said why.
    } finally {
      setUploading(false);
      editorState.loading.uploadCover = false;
    }
  };

  return (
    <DialogFrame
      title={t`截图海报`}
      onClose={onClose}
      testId="poster-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => void applyAsCover()} disabled={!shot} loading={uploading} data-testid="poster-cover">
            <ImageUp size={16} />
            {t`设为封面`}
          </Button>
          <Button colorPalette="brand" onClick={() => shot && downloadBlob(shot.blob, shot.name)} disabled={!shot} data-testid="poster-download">
            <Download size={16} />
            {t`下载海报`}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {error ? (
          <Alert.Root status="error" data-testid="poster-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : shot ? (
          <>
            <chakra.img src={shot.url} alt={t`海报预览`} maxH="60vh" mx="auto" objectFit="contain" borderWidth="1px" data-testid="poster-preview" />
            <Text fontSize="xs" color="fg.muted" textAlign="center">
              {shot.name}
            </Text>
          </>
        ) : (
          <Center py="10" gap="2" data-testid="poster-rendering">
            <Spinner size="sm" />
            <Text fontSize="sm">{t`正在生成海报…`}</Text>
          </Center>
        )}
      </Stack>
    </DialogFrame>
  );
}
