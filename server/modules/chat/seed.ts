import { eq, inArray, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { Db } from '../../db/client';
import { chatMessages, users } from '../../db/schema';
import type { SeedStep } from '../../lib/module';

/**
 * Demo conversations between the administrator and staff of the demo company (server/db/seed/
 * demo.ts: ym0004 runs the 上海徐汇店, ym0011 the 上海浦东店, ym0032 is in marketing, ym0039 in the
 * warehouse, ym0018 runs the 杭州西湖店), so a fresh start shows the chat drawer alive: some of them
 * unread for the administrator. Only when those staff exist and no chat message does.
 */

/** [who speaks: 'a' the administrator, 's' the staff member, minutes before now, text]. */
type Line = ['a' | 's', number, string];

const CONVERSATIONS: { account: string; lines: Line[]; unreadForAdmin: number }[] = [
  {
    account: 'ym0004',
    unreadForAdmin: 2,
    lines: [
      ['s', 2890, '您好，国庆促销的床垫样品今天上午已经到店了，一共6张，都摆进展厅了。'],
      ['a', 2884, '好的，价签和活动海报也一起换上，活动从下周一开始。'],
      ['s', 2880, '收到[微笑] 海报市场部说明天寄过来。'],
      ['a', 1450, '上周末徐汇店独立弹簧床垫卖了几张？'],
      ['s', 1441, '一共卖了11张，其中1.8米的乳胶款7张，顾客反馈睡感很好。'],
      ['a', 1438, '不错，继续保持。缺货的尺寸及时报给仓库。'],
      ['s', 52, '1.5米的记忆棉床垫只剩2张了，周末活动怕不够，能不能从仓库先调5张过来？'],
      ['s', 49, '另外有位老顾客想要以旧换新，活动规则里旧床垫能抵多少钱？'],
    ],
  },
  {
    account: 'ym0039',
    unreadForAdmin: 1,
    lines: [
      ['a', 1600, '浦东店订的10张乳胶床垫今天能发吗？'],
      ['s', 1592, '可以，下午两点装车，预计四点前送到。'],
      ['a', 1590, '好，送到后让店长签收拍照。'],
      ['s', 1320, '已送达，店长签收了，签收单照片发到群里了。'],
      ['s', 35, '明早有一批新款护脊床垫入库，共40张，入库后我把库存表更新一下。'],
    ],
  },
  {
    account: 'ym0032',
    unreadForAdmin: 0,
    lines: [
      ['s', 4300, '国庆活动的海报初稿做好了，主推"睡个好觉，满5000减800"，您看一下文案可以吗？'],
      ['a', 4270, '文案可以，价格那行字再大一点，门店地址放到底部。'],
      ['s', 4262, '好的，今天改完发给各门店打印。'],
      ['a', 4250, '辛苦了[微笑]'],
    ],
  },
  {
    account: 'ym0011',
    unreadForAdmin: 3,
    lines: [
      ['a', 3000, '浦东店这个月的客诉处理完了吗？'],
      ['s', 2990, '还有一单，顾客反映送货晚了一天，已经道歉并送了一对枕头。'],
      ['a', 2985, '处理得好。以后送货时间有变化要提前电话告诉顾客。'],
      ['s', 18, '您好，周六店里搞床垫体验日，想申请200份小礼品，可以吗？'],
      ['s', 17, '预计来店顾客80组左右，往年体验日成交率大概三成。'],
      ['s', 15, '申请单我已经在系统里提交了，麻烦您有空审批一下。'],
    ],
  },
  {
    account: 'ym0018',
    unreadForAdmin: 0,
    lines: [
      ['s', 8000, '西湖店新来的两位导购这周培训完了，下周一正式上岗。'],
      ['a', 7990, '好，床垫材质和睡眠测试仪的使用一定要教会。'],
      ['s', 7985, '明白，已经安排老员工带着做了三天。'],
    ],
  },
];

async function seedConversations(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(chatMessages);
  if (n > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'admin')).limit(1);
  const staff = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(
      users.account,
      CONVERSATIONS.map((c) => c.account),
    ));
  const idOf = new Map(staff.map((s) => [s.account, s.id]));
  if (!admin || idOf.size !== CONVERSATIONS.length) return;
  const now = Date.now();
  const rows = CONVERSATIONS.flatMap((c) => {
    const staffId = idOf.get(c.account)!;
    const fromStaff = c.lines.filter((l) => l[0] === 's').length;
    let staffLine = 0;
    return c.lines.map(([who, minutesAgo, text]) => {
      const at = now - minutesAgo * 60_000;
      // The staff member's last `unreadForAdmin` lines are unread; everything else has been read.
      const unread = who === 's' && staffLine++ >= fromStaff - c.unreadForAdmin;
      return {
        id: ulid(at),
        sendUserId: who === 'a' ? admin.id : staffId,
        toUserId: who === 'a' ? staffId : admin.id,
        contentType: 'text',
        content: text,
        sendTime: new Date(at),
        isRead: !unread,
      };
    });
  });
  // Stored in time order, so seq follows the conversation.
  rows.sort((a, b) => a.sendTime.getTime() - b.sendTime.getTime());
  await db.insert(chatMessages).values(rows);
  // Both sides' counters from what was stored.
  await db.execute(sql`
    insert into chat_counts (user_id, peer_id, total, unread, last_seq)
    select u, p, count(*)::int, (count(*) filter (where unread))::int, max(seq) from (
      select to_user_id as u, send_user_id as p, not is_read as unread, seq from chat_messages
      union all
      select send_user_id, to_user_id, false, seq from chat_messages
    ) x group by u, p`);
}

/** Data migration of the chat module: the demo conversations. */
export const chatSeeds: SeedStep[] = [{ id: '2026-11-23-chat', run: seedConversations }];
