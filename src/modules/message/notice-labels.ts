import { t } from '@lingui/core/macro';
import type { NoticeRow } from '@/contracts/message';

/** Words the notice screens show for a notice's fields. */

/** 接收人: 全部人员 (no one named: every enabled staff member) or how many were named. */
export function recipientsText(row: Pick<NoticeRow, 'toUserIds'>): string {
  const n = row.toUserIds?.length ?? 0;
  return n ? t`${n} 人` : t`全部人员`;
}

/** 状态: 草稿 until released, then 已发布. */
export function noticeStateText(row: Pick<NoticeRow, 'enabledMark'>): string {
  return row.enabledMark === 1 ? t`已发布` : t`草稿`;
}

/** 已读: readers of a released notice out of its recipients; nothing for a draft. */
export function readText(row: Pick<NoticeRow, 'enabledMark' | 'readCount' | 'recipientCount'>): string {
  return row.enabledMark === 1 ? `${row.readCount}/${row.recipientCount}` : '—';
}
