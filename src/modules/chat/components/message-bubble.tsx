import { memo, useState } from 'react';
import { Box, Button, chakra, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, Mic, Play, Video } from 'lucide-react';
import type { ChatImageContent, ChatMediaContent } from '@/contracts/chat';
import { translateContractMessage } from '@/lib/contract-messages';
import { formatDateTime } from '@/lib/format';
import { loadChatImage, useChatImageUrl } from '../chat-image';
import { splitEmoji } from '../emoji-text';
import { discard, retry } from '../engine';
import type { ChatRow } from '../table';

/** Text with the bracketed emoji alt texts shown as their pictures (spec 5.4), inline. */
export function EmojiInline({ text }: { text: string }) {
  return (
    <>
      {splitEmoji(text).map((p, i) =>
        p.type === 'text' ? (
          <chakra.span key={i}>{p.text}</chakra.span>
        ) : (
          <chakra.img key={i} src={p.url} alt={p.alt} title={p.alt} w="1.5em" h="1.5em" display="inline-block" verticalAlign="text-bottom" mx="0.5" data-testid="chat-emoji" />
        ),
      )}
    </>
  );
}

function ChatText({ text }: { text: string }) {
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word" fontSize="sm" lineHeight="1.6">
      <EmojiInline text={text} />
    </Text>
  );
}

/** Thumbnail side: the picture's shape, at most 200 × 200 px. */
function thumbSize(c: ChatImageContent) {
  const scale = Math.min(1, 200 / Math.max(c.width, 1), 200 / Math.max(c.height, 1));
  return { w: Math.max(48, Math.round(c.width * scale)), h: Math.max(48, Math.round(c.height * scale)) };
}

function ChatImage({ row, onOpen }: { row: ChatRow; onOpen(): void }) {
  const { t } = useLingui();
  const content = row.content as ChatImageContent;
  const url = useChatImageUrl(row);
  const { w, h } = thumbSize(content);
  if (url === 'error')
    return (
      <Box w={`${w}px`} h={`${h}px`} display="flex" alignItems="center" justifyContent="center" bg="bg.muted" rounded="md" fontSize="xs" color="fg.muted" data-testid="chat-image-failed">
        {t`加载失败`}
      </Box>
    );
  return (
    <chakra.button type="button" onClick={onOpen} p="0" rounded="md" overflow="hidden" display="block" cursor="zoom-in" aria-label={t`查看图片`} data-testid="chat-image">
      <chakra.img
        src={url ?? (content.base64 || undefined)}
        alt={t`图片`}
        w={`${w}px`}
        h={`${h}px`}
        objectFit="cover"
        filter={url ? undefined : 'blur(4px)'}
        bg="bg.muted"
        data-loaded={url ? 'true' : 'false'}
      />
    </chakra.button>
  );
}

/** Voice and video (received only): fetched with the session when played. */
function ChatMedia({ row }: { row: ChatRow }) {
  const { t } = useLingui();
  const media = row.content as ChatMediaContent;
  const [src, setSrc] = useState<string | 'error' | null>(null);
  const video = row.contentType === 'video';
  if (src && src !== 'error') return video ? <chakra.video src={src} controls autoPlay maxW="240px" rounded="md" /> : <chakra.audio src={src} controls autoPlay maxW="240px" />;
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() =>
        void loadChatImage({ content: { path: media.path, width: 1, height: 1, base64: '' } }).then(
          (b) => setSrc(URL.createObjectURL(b)),
          () => setSrc('error'),
        )
      }
    >
      {video ? <Video size={16} /> : <Mic size={16} />}
      {src === 'error' ? t`加载失败` : video ? t`视频` : t`语音`}
      {media.duration ? ` ${Math.round(media.duration)}″` : ''}
      <Play size={14} />
    </Button>
  );
}

/** Messages closer than this to the one before them share its time line. */
export const TIME_GAP_MS = 5 * 60_000;

/** One message of a conversation: mine on the right, with its sending / failed state; its time when `showTime`. */
export const MessageBubble = memo(function MessageBubble({ row, mine, showTime, onOpenImage }: { row: ChatRow; mine: boolean; showTime: boolean; onOpenImage(row: ChatRow): void }) {
  const { t } = useLingui();
  return (
    <Stack align={mine ? 'end' : 'start'} gap="1" px="3" py="1.5" data-testid="chat-message" data-mine={mine} data-state={row.state} data-id={row.id}>
      <Box
        maxW="78%"
        px={row.contentType === 'image' ? '1' : '3'}
        py={row.contentType === 'image' ? '1' : '2'}
        rounded="lg"
        colorPalette="brand"
        bg={row.contentType === 'image' ? 'transparent' : mine ? 'colorPalette.solid' : 'bg.panel'}
        borderWidth={mine || row.contentType === 'image' ? '0' : '1px'}
        color={mine ? 'colorPalette.contrast' : 'fg'}
        opacity={row.state === 'sending' ? 0.75 : 1}
      >
        {row.contentType === 'text' ? (
          <ChatText text={String(row.content)} />
        ) : row.contentType === 'image' ? (
          <ChatImage row={row} onOpen={() => onOpenImage(row)} />
        ) : (
          <ChatMedia row={row} />
        )}
      </Box>
      <HStack gap="1.5" fontSize="xs" color="fg.muted">
        {row.state === 'sending' ? (
          <>
            <Spinner size="xs" />
            <Text data-testid="chat-sending">{t`发送中`}</Text>
          </>
        ) : row.state === 'failed' ? (
          <>
            <CircleAlert size={12} color="var(--chakra-colors-fg-error)" />
            <Text color="fg.error" data-testid="chat-failed">
              {t`发送失败`}
              {row.error ? `：${translateContractMessage(row.error) ?? row.error}` : ''}
            </Text>
            <Button size="2xs" variant="ghost" onClick={() => void retry(row)} data-testid="chat-retry">
              <Trans>重试</Trans>
            </Button>
            <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => void discard(row)} data-testid="chat-discard">
              <Trans>删除</Trans>
            </Button>
          </>
        ) : showTime ? (
          <Text title={formatDateTime(row.sendTime, 'YYYY-MM-DD HH:mm:ss')}>{formatDateTime(row.sendTime)}</Text>
        ) : null}
      </HStack>
    </Stack>
  );
});
