import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import type { SendMessageFrame } from '../../../src/contracts/chat';
import type { ChatRepo, ChatRow, NewChatRecord } from './repo';
import { chatService } from './service';

/** The group commit of SendMessage, without a database: a repo that records its statements. */
function fakeRepo(refuses: (row: NewChatRecord) => boolean) {
  const statements: string[][] = [];
  let seq = 0;
  const repo = {
    async store(rows: NewChatRecord[]) {
      statements.push(rows.map((r) => String(r.content)));
      if (rows.some(refuses)) throw new Error('invalid input syntax for type json');
      return rows.map((r): ChatRow => ({ ...r, seq: ++seq, sendTime: new Date(), isRead: false }));
    },
    async bySender() {
      return null;
    },
  } as unknown as ChatRepo;
  return { repo, statements };
}

const frame = (content: string): SendMessageFrame => ({ method: 'SendMessage', id: ulid(), toUserId: ulid(), token: 'x', messageType: 'text', messageContent: content });
const hub = { publish: async () => undefined, onlineUserIds: async () => [] };
const files = { creatorOf: async () => null };

describe('SendMessage group commit', () => {
  it('the messages of one turn are one statement, in the order they came', async () => {
    const { repo, statements } = fakeRepo(() => false);
    const service = chatService(repo, hub, files);
    const sent = await Promise.all(['一', '二', '三'].map((c) => service.send(ulid(), frame(c))));
    expect(statements).toEqual([['一', '二', '三']]);
    expect(sent.map((s) => [s.message.content, s.message.seq, s.fresh])).toEqual([
      ['一', 1, true],
      ['二', 2, true],
      ['三', 3, true],
    ]);
  });

  it('a message the database refuses fails alone: the others of its turn are stored one by one', async () => {
    const { repo, statements } = fakeRepo((r) => r.content === '坏');
    const service = chatService(repo, hub, files);
    const results = await Promise.allSettled(['好1', '坏', '好2'].map((c) => service.send(ulid(), frame(c))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(statements).toEqual([['好1', '坏', '好2'], ['好1'], ['坏'], ['好2']]);
  });
});
