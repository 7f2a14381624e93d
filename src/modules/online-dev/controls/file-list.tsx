import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Box, chakra, HStack, IconButton, Link, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, Film, Trash2 } from 'lucide-react';
import { ConfirmPopover } from '@/components/confirm-popover';
import { ImageViewer } from '@/components/image-viewer/image-viewer';
import { formatFileSize } from '@/lib/format';
import { fileShape, isLocalFile } from '../form/display';
import { useFormServices, type FileEntry } from '../form/services';

/** A file being uploaded: shown in the list until it is stored (then it is an entry) or refused (then it goes). */
export interface PendingFile {
  key: string;
  name: string;
  size: number;
}

export interface FileListProps {
  entries: readonly FileEntry[];
  pending?: readonly PendingFile[];
  /** Pictures as square cards (image card), or in a row of thumbnails; other files as lines. */
  cards?: boolean;
  /** Removing asks first (spec 5.3); none: read-only. */
  onRemove?(entry: FileEntry): void;
  /** Videos play in the list (detail mode). */
  players?: boolean;
  testId?: string;
}

/** 待上传: a file kept on this device until the connection returns. */
function LocalBadge() {
  return (
    <Badge size="xs" colorPalette="orange" variant="solid" position="absolute" top="1" left="1" pointerEvents="none">
      <Trans>待上传</Trans>
    </Badge>
  );
}

function RemoveButton({ entry, onRemove, testId }: { entry: FileEntry; onRemove(e: FileEntry): void; testId?: string }) {
  const { t } = useLingui();
  return (
    <ConfirmPopover question={t`确定移除 ${entry.fileName || entry.name}？`} noLabel={t`取消`} yesLabel={t`移除`} yesPalette="red" onYes={() => onRemove(entry)} placement="top-end" testId="od-upload-remove-confirm">
      <IconButton type="button" size="2xs" variant="subtle" colorPalette="red" aria-label={t`移除 ${entry.fileName || entry.name}`} data-testid={testId ? `${testId}-remove` : undefined}>
        <Trash2 />
      </IconButton>
    </ConfirmPopover>
  );
}

/** A picture: its thumbnail (the device's copy or the download), 加载失败 when it cannot be shown (spec 8); a click opens the viewer. */
function Thumb({ entry, cards, onOpen, onUrl, onRemove, testId }: { entry: FileEntry; cards?: boolean; onOpen(): void; onUrl(id: string, url: string | null): void; onRemove?: FileListProps['onRemove']; testId?: string }) {
  const { t } = useLingui();
  const url = useFormServices().useFileUrl(entry);
  const [broken, setBroken] = useState(false);
  const failed = broken || url === 'error';
  useEffect(() => onUrl(entry.fileId, typeof url === 'string' && url !== 'error' ? url : null), [entry.fileId, url, onUrl]);
  const size = cards ? '24' : '16';
  return (
    <Box position="relative" w={size} h={size} flexShrink={0} data-testid={testId}>
      <chakra.button type="button" w="full" h="full" rounded="md" overflow="hidden" borderWidth="1px" bg="bg.muted" onClick={onOpen} disabled={failed || !url} aria-label={t`查看 ${entry.fileName || entry.name}`} cursor="zoom-in">
        {failed ? (
          <Text fontSize="xs" color="fg.muted" data-testid={testId ? `${testId}-failed` : undefined}>
            <Trans>加载失败</Trans>
          </Text>
        ) : url ? (
          <chakra.img src={url} alt={entry.fileName || entry.name} w="full" h="full" objectFit="cover" onError={() => setBroken(true)} />
        ) : (
          <Spinner size="xs" />
        )}
      </chakra.button>
      {isLocalFile(entry) ? <LocalBadge /> : null}
      {onRemove ? (
        <Box position="absolute" top="1" right="1">
          <RemoveButton entry={entry} onRemove={onRemove} testId={testId} />
        </Box>
      ) : null}
    </Box>
  );
}

/** A video or another file: a line with its name (a link to the file), or the player (detail mode). */
function FileLine({ entry, players, onRemove, testId }: { entry: FileEntry; players?: boolean; onRemove?: FileListProps['onRemove']; testId?: string }) {
  const url = useFormServices().useFileUrl(entry);
  const [broken, setBroken] = useState(false);
  const video = fileShape(entry) === 'video';
  const name = entry.fileName || entry.name;
  const href = typeof url === 'string' && url !== 'error' ? url : undefined;
  return (
    <Stack gap="1" data-testid={testId}>
      {video && players && href && !broken ? (
        <chakra.video src={href} controls preload="metadata" maxW="sm" w="full" rounded="md" bg="black" onError={() => setBroken(true)} aria-label={name} />
      ) : null}
      <HStack gap="2" fontSize="sm" minW="0">
        {video ? <Film size={14} aria-hidden /> : <FileText size={14} aria-hidden />}
        {href ? (
          <Link href={href} download={name} truncate color="brand.fg" target="_blank" rel="noopener noreferrer">
            {name}
          </Link>
        ) : (
          <Text truncate>{name}</Text>
        )}
        {entry.size ? (
          <Text color="fg.muted" fontSize="xs" flexShrink={0}>
            {formatFileSize(entry.size)}
          </Text>
        ) : null}
        {isLocalFile(entry) ? (
          <Badge size="xs" colorPalette="orange">
            <Trans>待上传</Trans>
          </Badge>
        ) : null}
        {url === 'error' || broken ? (
          <Text color="fg.error" fontSize="xs">
            <Trans>加载失败</Trans>
          </Text>
        ) : null}
        {onRemove ? <RemoveButton entry={entry} onRemove={onRemove} testId={testId} /> : null}
      </HStack>
    </Stack>
  );
}

/** The files of an upload field: pictures as thumbnails (the viewer pages through them), other files as lines; uploads under way with a spinner. */
export function FileList({ entries, pending = [], cards, onRemove, players, testId }: FileListProps) {
  const [urls, setUrls] = useState<Record<string, string | null>>({});
  const [open, setOpenState] = useState<number | null>(null);
  const [viewed, setViewed] = useState(false);
  const setOpen = (i: number | null) => {
    if (i !== null) setViewed(true);
    setOpenState(i);
  };
  const onUrl = useCallback((id: string, url: string | null) => setUrls((u) => (u[id] === url ? u : { ...u, [id]: url })), []);
  const pictures = useMemo(() => entries.filter((e) => fileShape(e) === 'image'), [entries]);
  const others = entries.filter((e) => fileShape(e) !== 'image');
  const images = useMemo(() => pictures.map((e) => ({ src: urls[e.fileId] ?? undefined, alt: e.fileName || e.name, key: e.fileId })), [pictures, urls]);
  if (!entries.length && !pending.length) return null;
  return (
    <Stack gap="2" w="full">
      {pictures.length || (cards && pending.length) ? (
        <Wrap gap="2">
          {pictures.map((e, i) => (
            <Thumb key={e.fileId} entry={e} cards={cards} onOpen={() => setOpen(i)} onUrl={onUrl} onRemove={onRemove} testId={testId ? `${testId}-file` : undefined} />
          ))}
          {cards
            ? pending.map((p) => (
                <Box key={p.key} w="24" h="24" rounded="md" borderWidth="1px" display="flex" alignItems="center" justifyContent="center" data-testid={testId ? `${testId}-pending` : undefined}>
                  <Spinner size="sm" />
                </Box>
              ))
            : null}
        </Wrap>
      ) : null}
      {others.map((e) => (
        <FileLine key={e.fileId} entry={e} players={players} onRemove={onRemove} testId={testId ? `${testId}-file` : undefined} />
      ))}
      {!cards
        ? pending.map((p) => (
            <HStack key={p.key} gap="2" fontSize="sm" color="fg.muted" data-testid={testId ? `${testId}-pending` : undefined}>
              <Spinner size="xs" />
              <Text truncate>{p.name}</Text>
              <Text fontSize="xs">{formatFileSize(p.size)}</Text>
            </HStack>
          ))
        : null}
      {/* Mounted from the first opening on (a table of 100 rows with pictures keeps 100 lists). */}
      {viewed ? <ImageViewer images={images} startIndex={open ?? 0} open={open !== null} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
