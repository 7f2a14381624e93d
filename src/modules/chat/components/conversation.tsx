import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { CHAT_INITIAL_SIZE, CHAT_PAGE_SIZE, type ChatImageContent } from '@/contracts/chat';
import { ImageViewer, type ViewerImage } from '@/components/image-viewer/image-viewer';
import { network } from '@/lib/network';
import { currentUserDb, syncStatus } from '@/lib/sync/engine';
import { session } from '@/modules/auth/public';
import { loadChatImage } from '../chat-image';
import { fetchPage, historyComplete, markRead } from '../engine';
import { chatState } from '../state';
import { chatMessagesOf, type ChatRow } from '../table';
import { ChatInput } from './chat-input';
import { MessageBubble, TIME_GAP_MS } from './message-bubble';

const keyOf = (r: ChatRow) => `${r.sendUserId}:${r.id}`;
/** Within this distance of the end, new messages keep the view at the end. */
const STICK_PX = 80;
/** Within this distance of the top, older messages load. */
const TOP_PX = 40;

/** A message shows its time when it ends a run of messages close together (the last, or a while before the next). */
const showTimeAt = (list: readonly ChatRow[], i: number) => i === list.length - 1 || list[i + 1]!.sendTime - list[i]!.sendTime >= TIME_GAP_MS;

/** The newest `limit` messages of a conversation, oldest first, live from the user's database. */
function useConversationRows(peer: string, limit: number) {
  const active = useSnapshot(syncStatus).active;
  return useLiveQuery(
    async () => {
      const db = currentUserDb();
      if (!active || !db) return null;
      const rows = await chatMessagesOf(db).where('[peer+order]').between([peer, -Infinity], [peer, Infinity]).reverse().limit(limit).toArray();
      return rows.reverse();
    },
    [peer, limit, active],
    null,
  );
}

/**
 * A conversation (spec 2.7, 9 Chat): the latest 30 on open, 50 more each time the view reaches the
 * top (without moving what is on screen), virtualised; read on open; images open in the viewer.
 */
export function Conversation({ peer }: { peer: string }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const [limit, setLimit] = useState(CHAT_INITIAL_SIZE);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const rows = useConversationRows(peer, limit);
  const list = useMemo(() => rows ?? [], [rows]);
  const self = session.userInfo?.userId ?? '';
  const scrollRef = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<number | null>(null);

  // Open: the conversation is read, and (online) its newest page is fetched.
  useEffect(() => {
    chatState.peer = peer;
    void markRead(peer).catch(() => undefined);
    return () => {
      if (chatState.peer === peer) chatState.peer = null;
    };
  }, [peer]);
  useEffect(() => {
    if (online) void fetchPage(peer).catch(() => undefined);
  }, [peer, online]);

  const virtualizer = useVirtualizer({
    count: list.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 10,
    getItemKey: (i) => keyOf(list[i]!),
  });

  // Keep the end in view when the user is there (or just sent), and keep what is on screen in place
  // when older messages come in above it.
  const anchor = useRef<{ key: string; offset: number } | null>(null);
  const atEnd = useRef(true);
  const lastKey = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!list.length) return;
    const a = anchor.current;
    if (a) {
      anchor.current = null;
      const index = list.findIndex((r) => keyOf(r) === a.key);
      if (index > 0) {
        const start = virtualizer.getOffsetForIndex(index, 'start')?.[0] ?? 0;
        virtualizer.scrollToOffset(start - a.offset);
        return;
      }
    }
    const last = list[list.length - 1]!;
    const newLast = keyOf(last) !== lastKey.current;
    lastKey.current = keyOf(last);
    if (newLast && (atEnd.current || last.sendUserId === self)) virtualizer.scrollToIndex(list.length - 1, { align: 'end' });
  }, [list, virtualizer, self]);

  const loadOlder = async () => {
    if (loadingOlder || !rows) return;
    const haveAll = rows.length < limit;
    if (haveAll && (historyComplete(peer) || !network.online)) return;
    setLoadingOlder(true);
    const first = rows[0];
    const el = scrollRef.current;
    if (first && el) {
      const start = virtualizer.getOffsetForIndex(0, 'start')?.[0] ?? 0;
      anchor.current = { key: keyOf(first), offset: start - el.scrollTop };
    }
    try {
      const oldestSeq = rows.find((r) => r.seq > 0)?.seq;
      if (haveAll || rows.length + CHAT_PAGE_SIZE > limit) await fetchPage(peer, oldestSeq).catch(() => false);
      setLimit((l) => l + CHAT_PAGE_SIZE);
    } finally {
      setLoadingOlder(false);
    }
  };

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (el.scrollTop < TOP_PX) void loadOlder();
  };

  const images = useMemo(() => list.filter((r) => r.contentType === 'image'), [list]);
  const viewerImages: ViewerImage[] = useMemo(
    () =>
      images.map((r) => ({
        key: keyOf(r),
        load: (signal: AbortSignal) => loadChatImage(r, signal),
        placeholder: (r.content as ChatImageContent).base64 || undefined,
        alt: t`图片`,
      })),
    [images, t],
  );

  const openImage = useCallback((r: ChatRow) => setViewer(images.findIndex((x) => keyOf(x) === keyOf(r))), [images]);

  return (
    <Box display="flex" flexDirection="column" h="full" minH="0">
      <Box ref={scrollRef} flex="1" minH="0" overflowY="auto" onScroll={onScroll} data-testid="chat-history" bg="bg.subtle" py="2">
        {loadingOlder ? (
          <Box display="flex" justifyContent="center" py="2">
            <Spinner size="sm" />
          </Box>
        ) : null}
        {rows && !rows.length ? (
          <Text textAlign="center" color="fg.muted" fontSize="sm" py="10">
            {online ? t`还没有消息，打个招呼吧` : t`本机还没有与这位同事的消息`}
          </Text>
        ) : null}
        <Box position="relative" w="full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = list[item.index]!;
            return (
              <Box key={item.key} ref={virtualizer.measureElement} data-index={item.index} position="absolute" top="0" left="0" w="full" style={{ transform: `translateY(${item.start}px)` }}>
                <MessageBubble row={row} mine={row.sendUserId === self} showTime={showTimeAt(list, item.index)} onOpenImage={openImage} />
              </Box>
            );
          })}
        </Box>
      </Box>
      <ChatInput peer={peer} />
      <ImageViewer images={viewerImages} open={viewer !== null} startIndex={viewer ?? 0} onClose={() => setViewer(null)} testId="chat-image-viewer" />
    </Box>
  );
}
