import { describe, expect, it } from 'vitest';
import type { ChatUser } from '@/contracts/chat';
import { matchContact, sortContacts } from './components/chat-drawer';

const user = (id: string, realName: string, extra: Partial<ChatUser> = {}): ChatUser => ({
  id,
  realName,
  account: `ym${id}`,
  headIcon: '',
  organize: '南京新街口店',
  quickQuery: '',
  online: false,
  unread: 0,
  ...extra,
});

describe('chat contacts (spec 4 Chat)', () => {
  const list = [user('01', '王芳', { quickQuery: 'WF' }), user('02', '李强', { quickQuery: 'LQ' }), user('03', '张伟', { quickQuery: 'ZW' }), user('04', '陈静', { quickQuery: 'CJ' })];

  it('sorts by unread count descending, then online before offline', () => {
    const sorted = sortContacts(list, { '03': 1, '04': 5 }, new Set(['02']));
    expect(sorted.map((u) => u.realName)).toEqual(['陈静', '张伟', '李强', '王芳']);
  });

  it('among equals, the latest conversation first', () => {
    const withTalk = [list[0]!, { ...list[1]!, lastMessage: { contentType: 'text' as const, content: '好的', sendTime: 2, sendUserId: '02' } }];
    expect(sortContacts(withTalk, {}, new Set()).map((u) => u.id)).toEqual(['02', '01']);
  });

  it('finds a colleague by name, account or pinyin initials, in any case', () => {
    expect(list.filter((u) => matchContact(u, 'zw')).map((u) => u.realName)).toEqual(['张伟']);
    expect(list.filter((u) => matchContact(u, '李')).map((u) => u.realName)).toEqual(['李强']);
    expect(list.filter((u) => matchContact(u, 'YM04')).map((u) => u.realName)).toEqual(['陈静']);
    expect(list.filter((u) => matchContact(u, '  '))).toHaveLength(4);
  });
});
