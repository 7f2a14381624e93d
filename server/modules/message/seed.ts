import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageReceipts, messages, users } from '../../db/schema';
import { defaultButtons, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import { newId } from '../../lib/ids';
import type { SeedStep } from '../../lib/module';
import { sanitizeNoticeHtml } from '../../lib/sanitize-html';
import { MessageType } from '../../../src/contracts/message';

/** Notice administration, under 系统管理 (after 行政区划 and 单据规则); administrators only. */
export const messageMenus: MenuSeed[] = [
  { enCode: 'system.notice', parent: 'system', fullName: '系统公告', icon: 'megaphone', type: 2, urlAddress: 'system/notice', sortCode: 83, roles: [] },
];

export const messageControls: ModuleControls[] = [
  {
    module: 'system.notice',
    buttons: defaultButtons([{ enCode: 'btn_release', fullName: '发布' }]),
    columns: [
      { enCode: 'title', fullName: '标题' },
      { enCode: 'enabledMark', fullName: '状态' },
      { enCode: 'creatorUser', fullName: '发布人' },
      { enCode: 'releaseTime', fullName: '发布时间' },
      { enCode: 'readCount', fullName: '已读' },
    ],
  },
];

export const WELCOME_TITLE = '欢迎使用云眠';
const WELCOME_BODY = `<h2>欢迎使用云眠</h2>
<p>云眠是公司内部的营销活动与低代码管理平台，安装到桌面或手机后即可像应用一样使用：</p>
<ul>
<li><strong>离线可用</strong>：看过的数据离线也能查看，离线时的修改在恢复网络后自动提交。</li>
<li><strong>消息公告</strong>：公司公告和流程消息实时送达，未读消息一目了然。</li>
<li><strong>组织通讯录</strong>：按公司、部门、岗位查找同事。</li>
<li><strong>在线沟通</strong>：与同事即时聊天，发送文字、表情和图片。</li>
</ul>
<p>如有问题，请查看“帮助”菜单中的使用帮助，或联系系统管理员。</p>`;

/** A first welcome notice from the administrator to every enabled user, when there are no messages yet. */
async function seedWelcome(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(messages);
  if (n > 0) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdministrator, true))
    .orderBy(sql`${users.account} = 'admin' desc`, asc(users.createdAt))
    .limit(1);
  if (!admin) return;
  const id = newId();
  await db.insert(messages).values({
    id,
    type: MessageType.notice,
    title: WELCOME_TITLE,
    bodyText: sanitizeNoticeHtml(WELCOME_BODY),
    creatorUserId: admin.id,
    enabledMark: 1,
    releasedAt: sql`now()`,
  });
  await db.insert(messageReceipts).select((qb) =>
    qb
      .select({
        userId: users.id,
        messageId: sql`${id}::text`.as('message_id'),
        type: sql`${MessageType.notice}::int`.as('type'),
        receivedAt: sql`now()`.as('received_at'),
        isRead: sql`false`.as('is_read'),
        readAt: sql`null::timestamptz`.as('read_at'),
      })
      .from(users)
      .where(eq(users.enabled, true)),
  );
}

/** Data migration of the message module: the notice screen, its controls, the welcome notice. */
export const messageSeeds: SeedStep[] = [
  {
    id: '2026-11-22-messages',
    async run(db) {
      await upsertMenus(db, messageMenus);
      await upsertControls(db, messageControls);
      await seedWelcome(db);
    },
  },
];
