import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Box, Button, HStack, IconButton, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ImagePlus, Send, Smile } from 'lucide-react';
import { CHAT_IMAGE_ACCEPT, CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX, chatMessages } from '@/contracts/chat';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import { IconTip } from '@/components/icon-tip';
import { translateContractMessage } from '@/lib/contract-messages';
import { notify } from '@/lib/notify';
import { insertAt } from '../emoji-text';
import { sendImage, sendText } from '../engine';
import { EmojiPanel } from './emoji-panel';

const say = (message: string) => notify({ kind: 'error', title: translateContractMessage(message) ?? message, duration: ERROR_TOAST_MS });

/**
 * The chat input (spec 2.7, 5.3, 5.4): text trimmed, nothing sent when empty, Enter sends and
 * Shift+Enter starts a new line (not while an input method is composing); emoji from the panel go in
 * at the caret as their bracketed alt text; an image picked or pasted is checked (only images, one at
 * a time, under 5 MB: 图片大小不能超过5M), scaled down when large, and queued like a text.
 */
export function ChatInput({ peer }: { peer: string }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const send = async () => {
    const content = text.trim();
    if (!content) return;
    if (content.length > CHAT_TEXT_MAX) return say(chatMessages.textTooLong);
    setText('');
    setEmoji(false);
    await sendText(peer, content).catch((e: unknown) => say(e instanceof Error ? e.message : String(e)));
    area.current?.focus();
  };

  const sendFile = async (picked: File | undefined) => {
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return say(chatMessages.imageType);
    if (picked.size >= CHAT_IMAGE_MAX_BYTES) return say(chatMessages.imageSize);
    setBusy(true);
    try {
      const { prepareChatImage } = await import('../image-prep');
      await sendImage(peer, await prepareChatImage(picked));
    } catch (e) {
      say(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (!images.length) return;
    e.preventDefault();
    // One image at a time (spec 5.3).
    void sendFile(images[0]);
  };

  return (
    <Box borderTopWidth="1px" bg="bg" p="2" data-testid="chat-input">
      {emoji ? (
        <Box pb="2">
          <EmojiPanel
            onSelect={(e) => {
              const el = area.current;
              const next = insertAt(text, el?.selectionStart, el?.selectionEnd, e.alt);
              setText(next.text);
              requestAnimationFrame(() => {
                el?.focus();
                el?.setSelectionRange(next.caret, next.caret);
              });
            }}
          />
        </Box>
      ) : null}
      <HStack gap="1" mb="1">
        <IconTip label={t`表情`}>
          <IconButton size="sm" variant={emoji ? 'subtle' : 'ghost'} aria-label={t`表情`} aria-pressed={emoji} onClick={() => setEmoji((v) => !v)} data-testid="chat-emoji-toggle">
            <Smile size={18} />
          </IconButton>
        </IconTip>
        <IconTip label={t`发送图片`}>
          <IconButton size="sm" variant="ghost" aria-label={t`发送图片`} loading={busy} onClick={() => file.current?.click()} data-testid="chat-image-button">
            <ImagePlus size={18} />
          </IconButton>
        </IconTip>
        <input
          ref={file}
          type="file"
          accept={CHAT_IMAGE_ACCEPT}
          hidden
          data-testid="chat-image-input"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = '';
            void sendFile(picked);
          }}
        />
      </HStack>
      <HStack align="end" gap="2">
        <Textarea
          ref={area}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder={t`输入消息，Enter 发送，Shift+Enter 换行`}
          aria-label={t`消息内容`}
          rows={2}
          resize="none"
          autoresize
          maxH="8rem"
          fontSize="sm"
          data-testid="chat-text"
        />
        <Button size="sm" onClick={() => void send()} disabled={!text.trim()} data-testid="chat-send">
          <Send size={16} />
          <Trans>发送</Trans>
        </Button>
      </HStack>
    </Box>
  );
}
