import { useEffect, useMemo, useState } from 'react';
import { Avatar, Badge, Box, chakra, CloseButton, Drawer, Float, HStack, IconButton, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ArrowLeft, Search } from 'lucide-react';
import type { ChatImageContent, ChatUser } from '@/contracts/chat';
import { CacheNote, ListLoading } from '@/components/list-status';
import { closeDrawer, shellUi } from '@/components/shell-drawer-state';
import { usePhoneScreen } from '@/components/use-media';
import { avatarUrl } from '@/lib/avatar';
import { relativeTimeShort } from '@/lib/format';
import { network } from '@/lib/network';
import { realtimeStatus } from '@/lib/realtime';
import { useDataset } from '@/lib/sync/dataset';
import { chatUsersData } from '../data';
import { chatState } from '../state';
import { Conversation } from './conversation';
import { EmojiInline } from './message-bubble';

/** Sorted as spec 4 Chat says: unread count descending, then online before offline; then the latest conversation, then the name. */
export function sortContacts(users: readonly ChatUser[], unread: Record<string, number>, online: ReadonlySet<string>): ChatUser[] {
  return [...users].sort(
    (a, b) =>
      (unread[b.id] ?? 0) - (unread[a.id] ?? 0) ||
      Number(online.has(b.id)) - Number(online.has(a.id)) ||
      (b.lastMessage?.sendTime ?? 0) - (a.lastMessage?.sendTime ?? 0) ||
      a.realName.localeCompare(b.realName, 'zh-CN'),
  );
}

/** Search by name, account or the name's pinyin initials. */
export function matchContact(u: ChatUser, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  return u.realName.toLowerCase().includes(k) || u.account.toLowerCase().includes(k) || u.quickQuery.toLowerCase().includes(k);
}

function lastLine(u: ChatUser, t: (s: TemplateStringsArray) => string) {
  const m = u.lastMessage;
  if (!m) return u.organize;
  if (m.contentType === 'image') return t`[图片]`;
  if (m.contentType === 'voice') return t`[语音]`;
  if (m.contentType === 'video') return t`[视频]`;
  return typeof m.content === 'string' ? m.content : (m.content as ChatImageContent).path;
}

/** How often the open contact list asks again (presence changes are not pushed). */
const PRESENCE_REFRESH_MS = 30_000;

/** Who is online: by the contact list's last answer, or by the socket's greeting. */
function useOnlineSet(users: readonly ChatUser[] | null | undefined, onlineIds: readonly string[]) {
  return useMemo(() => new Set([...onlineIds, ...(users ?? []).filter((u) => u.online).map((u) => u.id)]), [users, onlineIds]);
}

function ContactList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useLingui();
  const [keyword, setKeyword] = useState('');
  const view = useDataset(chatUsersData);
  const unread = useSnapshot(chatState).unread;
  const onlineIds = useSnapshot(realtimeStatus).onlineUsers;
  const netOnline = useSnapshot(network).online;
  const online = useOnlineSet(view.data, onlineIds);
  // Presence is as of the list's answer and the socket's greeting: asked again while the list shows.
  useEffect(() => {
    const timer = setInterval(() => void view.refresh(), PRESENCE_REFRESH_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer while the list is shown
  }, []);
  const users = useMemo(() => sortContacts((view.data ?? []).filter((u) => matchContact(u, keyword)), unread, online), [view.data, keyword, unread, online]);
  return (
    <Stack gap="2" h="full" minH="0">
      <Box position="relative" px="3" pt="1">
        <Input size="sm" ps="8" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t`搜索姓名、账号或拼音首字母`} aria-label={t`搜索同事`} data-testid="chat-search" />
        <Box position="absolute" insetStart="5" top="50%" transform="translateY(-40%)" color="fg.muted" pointerEvents="none">
          <Search size={14} />
        </Box>
      </Box>
      <CacheNote view={{ fromCache: !netOnline || !!view.error, fetchedAt: view.fetchedAt, error: view.error }} testId="chat-cache-note" />
      {view.data === undefined || (view.data === null && view.refreshing) ? <ListLoading /> : null}
      <Stack as="ul" gap="0" overflowY="auto" flex="1" minH="0" px="1" data-testid="chat-contacts">
        {users.map((u) => {
          const n = unread[u.id] ?? 0;
          const on = online.has(u.id);
          return (
            <chakra.li key={u.id} listStyleType="none">
              <chakra.button
                type="button"
                display="flex"
                gap="3"
                w="full"
                alignItems="center"
                textAlign="start"
                px="2"
                py="2"
                rounded="md"
                _hover={{ bg: 'bg.muted' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                onClick={() => onOpen(u.id)}
                data-testid="chat-contact"
                data-id={u.id}
                data-online={on}
                data-unread={n}
              >
                <Avatar.Root size="sm" flexShrink={0} filter={on ? undefined : 'grayscale(1)'} opacity={on ? 1 : 0.7}>
                  <Avatar.Fallback name={u.realName} />
                  {u.headIcon ? <Avatar.Image src={avatarUrl(u.headIcon)} /> : null}
                  <Float placement="bottom-end" offsetX="1" offsetY="1">
                    <Box w="2.5" h="2.5" rounded="full" borderWidth="2px" borderColor="bg" bg={on ? 'green.solid' : 'gray.400'} aria-hidden />
                  </Float>
                </Avatar.Root>
                <Stack gap="0" flex="1" minW="0">
                  <HStack justify="space-between" gap="2">
                    <Text fontSize="sm" fontWeight={n ? 'semibold' : 'medium'} truncate>
                      {u.realName}
                      <chakra.span srOnly>{on ? t`（在线）` : t`（离线）`}</chakra.span>
                    </Text>
                    {u.lastMessage ? (
                      <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                        {relativeTimeShort(u.lastMessage.sendTime)}
                      </Text>
                    ) : null}
                  </HStack>
                  <HStack justify="space-between" gap="2">
                    <Text fontSize="xs" color="fg.muted" truncate>
                      <EmojiInline text={lastLine(u, t)} />
                    </Text>
                    {n ? (
                      <Badge size="xs" variant="solid" colorPalette="red" rounded="full" data-testid="chat-contact-unread">
                        {n > 99 ? '99+' : n}
                      </Badge>
                    ) : null}
                  </HStack>
                </Stack>
              </chakra.button>
            </chakra.li>
          );
        })}
        {view.data && !users.length ? (
          <Text textAlign="center" color="fg.muted" fontSize="sm" py="8">
            {t`没有找到同事`}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}

/**
 * The chat drawer (spec 2.7): colleagues (everyone but me) with presence and unread counts, and a
 * conversation in place of the list; on a phone it takes the whole screen.
 */
export function ChatDrawer() {
  const { t } = useLingui();
  const open = useSnapshot(shellUi).drawer === 'chat';
  const peer = useSnapshot(chatState).peer;
  const [openPeer, setOpenPeer] = useState<string | null>(peer);
  const phone = usePhoneScreen();
  const view = useDataset(chatUsersData);
  const user = view.data?.find((u) => u.id === openPeer);
  const online = useOnlineSet(view.data, useSnapshot(realtimeStatus).onlineUsers).has(openPeer ?? '');
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) {
          closeDrawer();
          setOpenPeer(null);
        }
      }}
      size={phone ? 'full' : 'md'}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="chat-drawer">
            <Drawer.Header py="3" px="3" borderBottomWidth="1px">
              {openPeer ? (
                <HStack gap="2" minW="0">
                  <IconButton size="sm" variant="ghost" aria-label={t`返回联系人`} onClick={() => setOpenPeer(null)} data-testid="chat-back">
                    <ArrowLeft size={18} />
                  </IconButton>
                  <Stack gap="0" minW="0">
                    <Drawer.Title fontSize="md" truncate data-testid="chat-peer-name">
                      {user?.realName ?? t`同事`}
                    </Drawer.Title>
                    <Text fontSize="xs" color={online ? 'green.fg' : 'fg.muted'}>
                      {online ? t`在线` : t`离线`}
                      {user?.organize ? ` · ${user.organize}` : ''}
                    </Text>
                  </Stack>
                </HStack>
              ) : (
                <Drawer.Title>{t`在线沟通`}</Drawer.Title>
              )}
            </Drawer.Header>
            <Drawer.Body p="0" display="flex" flexDirection="column" minH="0" overflow="hidden">
              {openPeer ? <Conversation key={openPeer} peer={openPeer} /> : <ContactList onOpen={setOpenPeer} />}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
