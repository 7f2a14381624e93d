import { useRef, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Images, Upload } from 'lucide-react';
import { IMAGE_ACCEPT } from '@/contracts/files';
import { translateContractMessage } from '@/lib/contract-messages';
import { network } from '@/lib/network';
import { checkImageUpload } from '@/lib/upload';
import { DraftInput, type ControlProps } from './panel-controls';
import { uploadH5Image } from './upload-image';

/** Opens the image library (素材库, the editor's) and applies the picked URL (one history step). */
export type PickImage = (apply: (url: string) => void) => void;

/**
 * An image field: the URL as text, an upload (spec 5.3 image rule checked first; needs the
 * network) and, when the editor offers one, a pick from the image library. The current image is
 * shown small beside the buttons.
 */
export function ImageControl({ label, value, onChange, testId, onPickImage }: ControlProps<unknown> & { onPickImage?: PickImage }) {
  const { t } = useLingui();
  const net = useSnapshot(network);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const url = typeof value === 'string' ? value : '';

  async function upload(file: File) {
    setProblem(null);
    const rule = await checkImageUpload(file);
    if (rule) return setProblem(translateContractMessage(rule) ?? rule);
    setBusy(true);
    try {
      onChange(await uploadH5Image(file, file.name), true);
    } catch {
      // reported by the http client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="1.5">
      <DraftInput size="xs" type="url" value={url} onValue={(v) => onChange(v.trim())} placeholder="https://" aria-label={label} data-testid={testId} />
      <HStack gap="1.5">
        {url ? (
          <Box w="8" h="8" flexShrink={0} rounded="sm" borderWidth="1px" overflow="hidden" bg="bg.muted">
            <img src={url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </Box>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          data-testid={`${testId}-file`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        <Button size="2xs" variant="outline" loading={busy} disabled={!net.online} onClick={() => input.current?.click()} title={net.online ? undefined : t`上传图片需要联网`} data-testid={`${testId}-upload`}>
          <Upload />
          <Trans>上传</Trans>
        </Button>
        {onPickImage ? (
          <Button size="2xs" variant="outline" onClick={() => onPickImage((picked) => onChange(picked, true))} data-testid={`${testId}-pick`}>
            <Images />
            <Trans>从素材库选择</Trans>
          </Button>
        ) : null}
      </HStack>
      {problem || !net.online ? (
        <Text fontSize="2xs" color={problem ? 'fg.error' : 'fg.muted'} role={problem ? 'alert' : undefined}>
          {problem ?? t`上传图片需要联网，离线时可填写图片地址`}
        </Text>
      ) : null}
    </Stack>
  );
}
