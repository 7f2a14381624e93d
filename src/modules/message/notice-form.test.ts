import { describe, expect, it } from 'vitest';
import { noticeFormDefaults, noticeFormSchema, noticeInputOf, RECIPIENTS_REQUIRED } from './notice-form';

const ID = '01J0000000000000000000W001';

describe('notice form', () => {
  it('a new notice goes to everyone; an edited one names its recipients when it has any', () => {
    expect(noticeFormDefaults(null)).toEqual({ title: '', bodyText: '', toUserIds: [], recipients: 'all' });
    expect(noticeFormDefaults({ title: 'a', bodyText: '<p>b</p>', toUserIds: [ID] })).toMatchObject({ recipients: 'users', toUserIds: [ID] });
  });

  it('everyone sends no names even if some were picked before; chosen people need at least one', () => {
    const all = noticeFormSchema.parse({ title: ' 放假通知 ', bodyText: '<p>x</p>', toUserIds: [ID], recipients: 'all' });
    expect(noticeInputOf(all)).toEqual({ title: '放假通知', bodyText: '<p>x</p>', toUserIds: [] });
    const some = noticeFormSchema.parse({ title: '放假通知', bodyText: '', toUserIds: [ID], recipients: 'users' });
    expect(noticeInputOf(some).toUserIds).toEqual([ID]);
    const none = noticeFormSchema.safeParse({ title: '放假通知', bodyText: '', toUserIds: [], recipients: 'users' });
    expect(none.success).toBe(false);
    expect(none.error!.issues[0]).toMatchObject({ path: ['toUserIds'], message: RECIPIENTS_REQUIRED });
  });

  it('checks the title as the server does', () => {
    expect(noticeFormSchema.safeParse({ title: '  ', bodyText: '', toUserIds: [], recipients: 'all' }).error!.issues[0]!.message).toBe('标题不能为空');
    expect(noticeFormSchema.safeParse({ title: 'x'.repeat(101), bodyText: '', toUserIds: [], recipients: 'all' }).success).toBe(false);
  });
});
