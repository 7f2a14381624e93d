import { useCallback, useEffect, useReducer, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Box, chakra, Dialog, HStack, IconButton, Portal, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImageOff, X } from 'lucide-react';
import { VIEWER_Z_INDEX } from '@/contracts/limits';
import { initViewer, keyAction, viewerCounter, viewerReducer, viewerTransform, type ViewerCommand, type ViewerMode } from './viewer-model';
import { useViewerActions, viewerButtonStyle, ViewerTip, ViewerToolbar } from './viewer-toolbar';
import { useViewerGestures } from './use-viewer-gestures';
import { useViewerSource, viewerImageKey, type ViewerImage } from './use-viewer-source';

export type { ViewerImage } from './use-viewer-source';

export interface ImageViewerProps {
  /** The pictures to page through (a conversation's images, a work's images …). */
  images: readonly ViewerImage[];
  /** The picture shown when the viewer opens. */
  startIndex?: number;
  open: boolean;
  /** Esc, the close button: the caller sets `open` to false. Focus goes back where it was. */
  onClose(): void;
  /** Previous / next wrap around (default) or stop at the ends. */
  loop?: boolean;
  /** The mode it opens in (default fit). */
  initialMode?: ViewerMode;
  /** The picture shown changed (keys, buttons). */
  onIndexChange?(index: number): void;
  /** On the viewer's content (default `image-viewer`). */
  testId?: string;
}

/**
 * The image viewer (spec 2.6, 5.4, 9 Editor): a full-screen layer above everything (z-index 2005)
 * with the picture, a counter and a toolbar — zoom in / out (0.2; the wheel 0.015; zoom-out only
 * while the scale is above 0.2), rotate 90°, original size / fit, previous / next, close. Keys: Esc
 * closes, Space toggles original / fit, ← → previous / next, ↑ ↓ zoom in / out. Drag pans; two
 * fingers pinch. Focus stays inside while open and goes back to where it was on close. A picture
 * that cannot be loaded shows 加载失败.
 *
 * A dialog (Chakra's): nested in another layer (the chat drawer), Esc and outside presses close
 * only the viewer.
 */
export function ImageViewer({ open, onClose, testId = 'image-viewer', ...body }: ImageViewerProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="full" motionPreset="none" lazyMount unmountOnExit initialFocusEl={() => content.current}>
      <Portal>
        <Dialog.Backdrop zIndex={VIEWER_Z_INDEX} bg="blackAlpha.900" />
        <Dialog.Positioner zIndex={VIEWER_Z_INDEX}>
          <ViewerContent {...body} contentRef={content} testId={testId} />
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Mounted on each opening (the positioner renders nothing while closed): the state starts from
 * `startIndex`. The keys are heard on the dialog's content, which holds the focus when nothing
 * inside does (on opening, after a click on the picture).
 */
function ViewerContent({
  images,
  startIndex = 0,
  loop = true,
  initialMode = 'fit',
  onIndexChange,
  contentRef,
  testId,
}: Omit<ImageViewerProps, 'open' | 'onClose'> & { contentRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useLingui();
  const [state, dispatch] = useReducer(viewerReducer, undefined, () => initViewer({ count: images.length, startIndex, loop, mode: initialMode }));
  const [animate, setAnimate] = useState(true);
  const run = useCallback((command: ViewerCommand, animated = true) => {
    setAnimate(animated);
    dispatch(command);
  }, []);

  // The list changed while open: the picture shown stays shown where it moved (older ones loaded
  // before it), or the index stays within the list.
  const shownImages = useRef(images);
  useEffect(() => {
    const before = shownImages.current;
    if (before === images) return;
    shownImages.current = images;
    const key = viewerImageKey(before[state.index]);
    const moved = key === undefined ? -1 : images.findIndex((image) => viewerImageKey(image) === key);
    dispatch({ type: 'setCount', count: images.length, index: moved >= 0 ? moved : undefined });
  }, [images, state.index]);

  const reported = useRef(state.index);
  useEffect(() => {
    if (reported.current === state.index) return;
    reported.current = state.index;
    onIndexChange?.(state.index);
  }, [state.index, onIndexChange]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const action = keyAction(e.key);
    // Esc is the dialog's own: it closes the top layer only.
    if (!action || action.type === 'close') return;
    // Space toggles the mode even on a focused button (which it would otherwise press).
    e.preventDefault();
    run(action);
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (keyAction(e.key)?.type === 'toggleMode') e.preventDefault();
  };

  const image = images[state.index];
  const actions = useViewerActions(state);

  return (
    <Dialog.Content
      ref={contentRef}
      bg="transparent"
      boxShadow="none"
      rounded="0"
      color="white"
      h="100dvh"
      display="flex"
      flexDirection="column"
      overflow="hidden"
      outline="none"
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      data-testid={testId}
    >
      <Dialog.Title asChild>
        <VisuallyHidden>
          <Trans>查看图片</Trans>
        </VisuallyHidden>
      </Dialog.Title>
      <HStack justify="space-between" px="3" pt="max(0.5rem, env(safe-area-inset-top))" pb="2" flexShrink={0} gap="3">
        <Text as="span" fontSize="sm" fontVariantNumeric="tabular-nums" bg="gray.900" color="white" px="2.5" py="1" rounded="full" aria-live="polite" data-testid="image-viewer-counter">
          {viewerCounter(state)}
        </Text>
        {image?.alt ? (
          <Text fontSize="sm" color="gray.100" bg="gray.900" px="2.5" py="1" rounded="md" truncate minW="0" flex="0 1 auto">
            {image.alt}
          </Text>
        ) : null}
        <ViewerTip label={t`关闭`} hint="Esc">
          <Dialog.CloseTrigger asChild position="static" top="auto" insetEnd="auto">
            <IconButton {...viewerButtonStyle} aria-label={t`关闭`} aria-keyshortcuts="Escape" data-testid="image-viewer-close">
              <X size={22} strokeWidth={1.75} />
            </IconButton>
          </Dialog.CloseTrigger>
        </ViewerTip>
      </HStack>
      <ViewerStage image={image} transform={viewerTransform(state)} mode={state.mode} animate={animate} dispatch={run} data={{ index: state.index, scale: state.scale, rotate: state.rotate }} />
      <ViewerToolbar actions={actions} onCommand={(command) => run(command)} />
    </Dialog.Content>
  );
}

/** The picture, its placeholder while it loads, or 加载失败; dragged, wheeled and pinched. */
function ViewerStage({
  image,
  transform,
  mode,
  animate,
  dispatch,
  data,
}: {
  image: ViewerImage | undefined;
  transform: string;
  mode: ViewerMode;
  animate: boolean;
  dispatch(command: ViewerCommand, animate: boolean): void;
  data: { index: number; scale: number; rotate: number };
}) {
  const { t } = useLingui();
  const stage = useRef<HTMLDivElement>(null);
  const { dragging, handlers } = useViewerGestures(stage, dispatch);
  const source = useViewerSource(image);
  const fit = mode === 'fit';

  return (
    <Box
      ref={stage}
      position="relative"
      flex="1"
      minH="0"
      overflow="hidden"
      touchAction="none"
      userSelect="none"
      cursor={source.status === 'ready' ? (dragging ? 'grabbing' : 'grab') : 'default'}
      {...handlers}
      data-testid="image-viewer-stage"
      data-index={data.index}
      data-scale={data.scale}
      data-rotate={data.rotate}
      data-mode={mode}
      data-status={source.status}
    >
      <Box position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" p={fit ? { base: '1', md: '4' } : '0'}>
        {source.status === 'error' ? (
          <Stack align="center" gap="2" bg="gray.900" color="gray.100" px="5" py="4" rounded="md" role="img" aria-label={t`加载失败`} data-testid="image-viewer-error">
            <ImageOff size={40} strokeWidth={1.25} aria-hidden />
            <Text fontSize="sm" aria-hidden>
              <Trans>加载失败</Trans>
            </Text>
          </Stack>
        ) : (
          <>
            {source.status === 'loading' && image?.placeholder ? (
              <chakra.img src={image.placeholder} alt="" aria-hidden position="absolute" maxW="100%" maxH="100%" filter="blur(8px)" opacity={0.7} />
            ) : null}
            {source.status === 'loading' ? <Spinner position="absolute" size="lg" color="white" role="status" aria-label={t`正在加载图片`} data-testid="image-viewer-loading" /> : null}
            {source.url ? (
              <chakra.img
                key={source.url}
                src={source.url}
                alt={image?.alt ?? ''}
                draggable={false}
                onLoad={source.onLoad}
                onError={source.onError}
                maxW={fit ? '100%' : 'none'}
                maxH={fit ? '100%' : 'none'}
                objectFit="contain"
                flexShrink={0}
                style={{ transform }}
                transition={animate && !dragging ? 'transform 0.3s ease' : 'none'}
                _motionReduce={{ transition: 'none' }}
                visibility={source.status === 'ready' ? 'visible' : 'hidden'}
                data-testid="image-viewer-image"
              />
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
}
