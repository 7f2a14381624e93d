import { useEffect, useState } from 'react';
import { Box, Button, Flex, HStack, Spinner, Text, VStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ArrowLeft, FileQuestion, LayoutGrid } from 'lucide-react';
import { DEFAULT_WORK_TITLE, type Work } from '@/contracts/h5';
import { EmptyState } from '@/components/empty-state';
import { syncStatus } from '@/lib/sync/engine';
import { PreviewPhone, useWindowSize } from '../components/preview-phone';
import { openDraft } from '../drafts';
import { frameWidth } from '../view/layout';

/** The top bar's height (px). */
const BAR_PX = 44;
/** Where 我的作品 goes (the menu route of h5/works). */
const WORKS_PATH: string = '/h5/works';
const EDITOR_PATH: string = '/h5/editor/$workId';

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; work: Work };

/** The user's draft of the work, from this device (or the server); a newer server copy replaces it. */
function useDraft(workId: string): State {
  const active = useSnapshot(syncStatus).active;
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    // The user's database opens with the session (sync.active); the draft is read from it.
    if (!active) return;
    let live = true;
    setState({ kind: 'loading' });
    openDraft(workId, { onNewer: (work) => live && setState({ kind: 'ready', work }) }).then(
      (work) => live && setState(work ? { kind: 'ready', work } : { kind: 'missing' }),
      () => live && setState({ kind: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [workId, active]);
  return state;
}

/**
 * The preview route `#/h5/preview/{workId}` (issue 19; the editor's 预览 shows its QR code): the
 * signed-in user's draft of the work drawn by the published page's own view in preview mode, at
 * the phone's width (375 px on a wider screen), under a slim bar back to the editor or 我的作品.
 * It opens from this device's copy, so it works offline on the device that made it, and on the
 * designer's phone once the work has synced.
 */
export function PreviewPage() {
  const { t } = useLingui();
  const { workId } = useParams({ strict: false }) as { workId: string };
  const navigate = useNavigate();
  const state = useDraft(workId);
  const win = useWindowSize();
  const width = frameWidth(win.width);
  const height = Math.max(200, win.height - BAR_PX);
  const title = state.kind === 'ready' ? state.work.title.trim() || DEFAULT_WORK_TITLE : t`预览`;

  return (
    <Flex direction="column" h="100dvh" overflow="hidden" bg="bg.muted" data-testid="preview-page" data-state={state.kind}>
      <HStack h={`${BAR_PX}px`} px="2" gap="1" borderBottomWidth="1px" bg="bg" flexShrink={0}>
        <Button size="xs" variant="ghost" onClick={() => void navigate({ to: EDITOR_PATH, params: { workId } } as never)} data-testid="preview-back">
          <ArrowLeft size={14} />
          {t`返回编辑`}
        </Button>
        <Text flex="1" minW="0" truncate textAlign="center" fontSize="sm" fontWeight="medium" title={title}>
          {title}
        </Text>
        <Button size="xs" variant="ghost" onClick={() => void navigate({ to: WORKS_PATH })} data-testid="preview-works">
          <LayoutGrid size={14} />
          {t`我的作品`}
        </Button>
      </HStack>
      <Box flex="1" minH="0" display="flex" justifyContent="center">
        {state.kind === 'ready' ? (
          <Box boxShadow={win.width > width ? 'md' : undefined}>
            <PreviewPhone work={state.work} width={width} height={height} testId="preview-phone" />
          </Box>
        ) : state.kind === 'loading' ? (
          <VStack color="fg.muted" justify="center">
            <Spinner />
            <Box fontSize="sm">{t`正在打开作品…`}</Box>
          </VStack>
        ) : (
          <Flex align="center" justify="center" px="4">
            <EmptyState icon={<FileQuestion size={44} strokeWidth={1.25} />} text={t`作品不存在或已删除，或者它不在这台设备上且当前无法连接服务器。`} />
          </Flex>
        )}
      </Box>
    </Flex>
  );
}
