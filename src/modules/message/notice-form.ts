import { z } from 'zod';
import { noticeBodySchema, type NoticeInfo } from '@/contracts/message';
import type { NoticeInput } from './notice-store';

/**
 * The notice form: the shared noticeBodySchema (the server checks the same) plus the choice of
 * recipients. "指定人员" needs at least one person; "全部人员" sends an empty list (everyone).
 */

export const RECIPIENTS_REQUIRED = '请选择接收人';

export const noticeFormSchema = noticeBodySchema
  .extend({ recipients: z.enum(['all', 'users']) })
  .refine((v) => v.recipients === 'all' || v.toUserIds.length > 0, { path: ['toUserIds'], error: RECIPIENTS_REQUIRED });

export type NoticeFormInput = z.input<typeof noticeFormSchema>;
export type NoticeFormOutput = z.output<typeof noticeFormSchema>;

/** What the form starts with: a new notice goes to everyone. */
export function noticeFormDefaults(info: Pick<NoticeInfo, 'title' | 'bodyText' | 'toUserIds'> | null): NoticeFormInput {
  if (!info) return { title: '', bodyText: '', toUserIds: [], recipients: 'all' };
  return { title: info.title, bodyText: info.bodyText, toUserIds: [...info.toUserIds], recipients: info.toUserIds.length ? 'users' : 'all' };
}

/** The notice the form saves. */
export function noticeInputOf(values: NoticeFormOutput): NoticeInput {
  return { title: values.title, bodyText: values.bodyText, toUserIds: values.recipients === 'all' ? [] : values.toUserIds };
}
