import { Badge, Box, Button, Card, chakra, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { DEFAULT_WORK_TITLE } from '@/contracts/h5';
import { deleteQuestion, RecordDeleteConfirm } from '@/components/record-delete-confirm';
import { formatDateTime, relativeTime } from '@/lib/format';
import type { WorkRow } from '../table';
import { WorksPreview } from './works-preview';

/** Where a work's writes stand on this device. */
export interface WorkSyncMarks {
  /** Changes here the server does not have yet. */
  pending: boolean;
  /** A save waits in conflict (changed elsewhere): the editor asks which copy to keep. */
  conflict: boolean;
  /** The server refused a write (the sync panel offers retry or discard). */
  failed: boolean;
}

export interface WorkCardProps {
  row: WorkRow;
  marks: WorkSyncMarks;
  onEdit(row: WorkRow): void;
  onDelete(row: WorkRow): void;
}

/** 预览 opens the work's preview route (the draft drawn as published, at phone width). */
const PREVIEW_ROUTE: string = '/h5/preview/$workId';

/** The preview's height on a card: a phone screen's proportions, cut at the top of a long page. */
const PREVIEW_H = '15rem';

/**
 * One work on the list (spec 2.6): its first page small, title, last change, page count, marks
 * (未同步 / 冲突 / 同步失败 / 已发布) and 预览 (the preview route), 编辑, 删除 (asks first).
 */
export function WorkCard({ row, marks, onEdit, onDelete }: WorkCardProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const s = row.summary;
  const title = s.title.trim() || DEFAULT_WORK_TITLE;
  const pages = s.pageCount;
  const ago = relativeTime(row.updatedAt);
  return (
    <Card.Root size="sm" overflow="hidden" data-testid="work-card" data-id={row.id} data-title={title}>
      {/* The preview opens the editor on a click; the keyboard has 编辑 (renderers may hold buttons: no nesting). */}
      <chakra.div position="relative" h={PREVIEW_H} bg="bg.muted" borderBottomWidth="1px" cursor="pointer" onClick={() => onEdit(row)} data-testid="work-card-preview">
        <Box position="absolute" top="0" bottom="0" left="50%" transform="translateX(-50%)" w="min(100%, 9.5rem)" boxShadow="sm">
          {s.cover_image_url ? (
            <chakra.img src={s.cover_image_url} alt="" w="full" h="full" objectFit="cover" objectPosition="top" data-testid="work-card-cover" />
          ) : (
            <WorksPreview page={s.firstPage} width={s.width} height={s.height} />
          )}
        </Box>
        <HStack position="absolute" top="2" left="2" gap="1" wrap="wrap">
          {marks.conflict ? (
            <Badge colorPalette="red" variant="solid" size="sm" data-testid="work-conflict" title={t`这个作品已在别处修改，打开编辑时选择保留哪一份`}>
              <Trans>冲突</Trans>
            </Badge>
          ) : null}
          {marks.failed ? (
            <Badge colorPalette="red" variant="subtle" size="sm" data-testid="work-failed" title={t`服务器拒绝了这个作品的修改，请在同步状态中查看`}>
              <Trans>同步失败</Trans>
            </Badge>
          ) : null}
          {marks.pending && !marks.conflict ? (
            <Badge colorPalette="orange" variant="subtle" size="sm" data-testid="work-pending" title={t`修改已保存在本机，等待同步到服务器`}>
              <Trans>未同步</Trans>
            </Badge>
          ) : null}
          {s.is_publish ? (
            <Badge colorPalette="green" variant="subtle" size="sm" data-testid="work-published">
              <Trans>已发布</Trans>
            </Badge>
          ) : null}
        </HStack>
      </chakra.div>
      <Card.Body gap="1" p="3">
        <Text fontWeight="medium" truncate title={title} data-testid="work-title">
          {title}
        </Text>
        <HStack fontSize="xs" color="fg.muted" gap="3">
          <Text as="span" title={formatDateTime(row.updatedAt)}>
            <Trans>更新于 {ago}</Trans>
          </Text>
          <Text as="span" data-testid="work-pages">
            <Trans>{pages} 页</Trans>
          </Text>
        </HStack>
      </Card.Body>
      <Card.Footer p="2" pt="0" gap="1" justifyContent="flex-end">
        <Button size="xs" variant="ghost" onClick={() => void navigate({ to: PREVIEW_ROUTE, params: { workId: row.id } } as never)} data-testid="work-preview">
          <Eye size={14} />
          <Trans>预览</Trans>
        </Button>
        <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => onEdit(row)} data-testid="work-edit">
          <Pencil size={14} />
          <Trans>编辑</Trans>
        </Button>
        <RecordDeleteConfirm question={deleteQuestion(title)} onConfirm={() => onDelete(row)} testId="work-delete-confirm">
          <Button size="xs" variant="ghost" colorPalette="red" data-testid="work-delete">
            <Trash2 size={14} />
            <Trans>删除</Trans>
          </Button>
        </RecordDeleteConfirm>
      </Card.Footer>
    </Card.Root>
  );
}
