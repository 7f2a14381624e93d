import { useState } from 'react';
import { Box, Button, CloseButton, Dialog, Flex, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ChevronDown, ChevronUp, ExternalLink, RotateCcw } from 'lucide-react';
import { usePhoneScreen } from '@/components/use-media';
import type { Work } from '@/contracts/h5';
import { fitScale, PREVIEW_HEIGHT, PreviewPhone, previewUrl, useWindowSize } from '../../components/preview-phone';
import { QrCode } from '../../components/qr-code';
import { workSnapshot } from '../../core/store';
import { PHONE_WIDTH } from '../../view/layout';
import { flowPages } from '../../view/work-view';

/** Room the dialog takes around the phone (header, controls, paddings, margins), in px. */
const CHROME_DESKTOP = { width: 320, height: 250 };
const CHROME_PHONE = { width: 40, height: 190 };
/** The phone's bezel (border) on each side. */
const BEZEL = 8;

/**
 * 预览 (issue 19): the document as it stands in the editor now (a snapshot taken on opening) drawn
 * by the published page's own view in preview mode inside a phone frame (375 × 667, smaller where
 * it does not fit; the dialog is the whole screen on a phone), with 上一页 / 下一页 and 重新播放
 * (the animations again); beside it the QR code of the preview route (#/h5/preview/{id}), which
 * opens the user's own draft on a signed-in phone.
 */
export function PreviewDialog({ workId, onClose }: { workId: string; onClose(): void }) {
  const { t } = useLingui();
  const phone = usePhoneScreen();
  const [work] = useState(() => workSnapshot() as Work | null);
  const [page, setPage] = useState(0);
  const [replay, setReplay] = useState(0);
  const win = useWindowSize();
  const chrome = phone ? CHROME_PHONE : CHROME_DESKTOP;
  const scale = fitScale(PHONE_WIDTH + 2 * BEZEL, PREVIEW_HEIGHT + 2 * BEZEL, win.width - chrome.width, win.height - chrome.height);
  const count = work ? flowPages(work).length : 0;
  const url = previewUrl(workId);

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={phone ? 'full' : 'xl'} lazyMount unmountOnExit scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="preview-dialog" w={phone ? undefined : 'auto'} maxW={phone ? undefined : 'calc(100vw - 2rem)'}>
            <Dialog.Header py="3">
              <Dialog.Title>{t`预览`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pt="0">
              <Flex gap={{ base: '4', md: '6' }} direction={phone ? 'column' : 'row'} align={phone ? 'center' : 'flex-start'}>
                <Stack align="center" gap="2">
                  <Box borderWidth={`${BEZEL * scale}px`} borderColor="gray.800" rounded="2xl" boxShadow="lg" overflow="hidden" bg="white">
                    {work ? <PreviewPhone key={replay} work={work} scale={scale} page={page} onPage={setPage} testId="preview-phone" /> : null}
                  </Box>
                  <HStack gap="1" wrap="wrap" justify="center">
                    {count > 1 ? (
                      <>
                        <Button size="xs" variant="outline" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page <= 0} data-testid="preview-prev">
                          <ChevronUp size={14} />
                          {t`上一页`}
                        </Button>
                        <Text fontSize="xs" color="fg.muted" minW="10" textAlign="center" data-testid="preview-page">
                          {page + 1} / {count}
                        </Text>
                        <Button size="xs" variant="outline" onClick={() => setPage((p) => Math.min(count - 1, p + 1))} disabled={page >= count - 1} data-testid="preview-next">
                          <ChevronDown size={14} />
                          {t`下一页`}
                        </Button>
                      </>
                    ) : null}
                    <Button size="xs" variant="ghost" onClick={() => setReplay((n) => n + 1)} data-testid="preview-replay">
                      <RotateCcw size={14} />
                      {t`重新播放`}
                    </Button>
                  </HStack>
                </Stack>
                <Stack align="center" gap="2" w="13rem" flexShrink={0} pt={phone ? '0' : '6'} textAlign="center">
                  <QrCode text={url} size={168} label={t`预览二维码`} testId="preview-qr" />
                  <Text fontSize="sm" fontWeight="medium">{t`手机扫码预览`}</Text>
                  <Text fontSize="xs" color="fg.muted" data-testid="preview-who">
                    {t`只有你本人可以打开：在手机上登录你的账号后，显示这个作品保存到服务器的草稿（未同步的修改只在这台设备上）。`}
                  </Text>
                  <Link href={url} target="_blank" rel="noopener" fontSize="xs" colorPalette="brand" data-testid="preview-open">
                    <ExternalLink size={12} />
                    {t`在新标签页打开`}
                  </Link>
                </Stack>
              </Flex>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
