import { Box, Card, chakra, HStack, IconButton, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import type { BgImage } from '@/contracts/h5';
import { IconTip } from '@/components/icon-tip';
import { deleteQuestion, RecordDeleteConfirm } from '@/components/record-delete-confirm';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { API_BASE } from '@/lib/http-config';

/** Where an <img> loads a library image from (its URL is relative to the API base). */
export const imageSrc = (image: BgImage) => (/^(https?:|data:|blob:)/.test(image.url) ? image.url : `${API_BASE}${image.url}`);

/** One image of the library: the picture (opens the viewer), its name, size and dimensions, delete. */
export function ImageTile({ image, onOpen, onDelete, canDelete }: { image: BgImage; onOpen(): void; onDelete(): void; canDelete: string | null }) {
  const { t } = useLingui();
  const name = image.name;
  const dims = image.width && image.height ? `${image.width} × ${image.height}` : '';
  return (
    <Card.Root size="sm" overflow="hidden" data-testid="image-tile" data-id={image.id}>
      <chakra.button type="button" display="block" h="32" bg="bg.muted" cursor="zoom-in" onClick={onOpen} aria-label={t`查看「${name}」`}>
        <chakra.img src={imageSrc(image)} alt={name} loading="lazy" w="full" h="full" objectFit="contain" />
      </chakra.button>
      <Card.Body p="2" gap="0.5">
        <HStack gap="1" justify="space-between">
          <Text fontSize="sm" truncate title={name} flex="1" minW="0">
            {name}
          </Text>
          {canDelete ? (
            <IconTip label={canDelete}>
              {/* A disabled button takes no pointer: the wrapper carries the tooltip. */}
              <chakra.span tabIndex={0}>
                <IconButton size="2xs" variant="ghost" aria-label={t`删除`} disabled>
                  <Trash2 />
                </IconButton>
              </chakra.span>
            </IconTip>
          ) : (
            <RecordDeleteConfirm question={deleteQuestion(name)} onConfirm={onDelete} testId="image-delete-confirm">
              <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t`删除`} data-testid="image-delete">
                <Trash2 />
              </IconButton>
            </RecordDeleteConfirm>
          )}
        </HStack>
        <Box fontSize="xs" color="fg.muted" title={formatDateTime(image.created_time)}>
          {[formatFileSize(image.size), dims].filter(Boolean).join(' · ')}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
