import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { h5Works, users } from '../../../db/schema';
import { newId } from '../../../lib/ids';
import type { SeedStep } from '../../../lib/module';
import { PAGE_MODE, WORK_SCHEMA_VERSION, type H5Page } from '../../../../src/contracts/h5';
import { art, bounceIn, el, fadeIn, MATTRESS, options, page, PILLOW, STORE, white } from '../seed';

/**
 * Three templates of the template centre (issue 19), made of the editor's own element types, owned
 * by the administrator and shared with everyone who designs pages: a store opening, a mattress
 * trial-sleep sign-up form and a holiday sale (paged, three pages).
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const id8 = () => Array.from(randomBytes(8), (b) => ALNUM[b % ALNUM.length]).join('');

const RIBBON = art('#c62828', '#ff7043', '<circle cx="60" cy="40" r="6" fill="#ffd54f"/><circle cx="250" cy="60" r="8" fill="#ffd54f"/><circle cx="160" cy="30" r="5" fill="#fff"/><rect x="40" y="120" width="240" height="40" rx="20" fill="#ffd54f"/><text x="160" y="147" font-size="22" text-anchor="middle" fill="#c62828">FESTIVAL</text>');
const BED = art('#e8f5e9', '#a5d6a7', '<rect x="40" y="110" width="240" height="40" rx="10" fill="#fff"/><rect x="40" y="80" width="60" height="35" rx="8" fill="#fff"/><rect x="36" y="150" width="10" height="25" fill="#8d6e63"/><rect x="274" y="150" width="10" height="25" fill="#8d6e63"/><path d="M240 40 a18 18 0 1 0 18 24 a14 14 0 1 1 -18 -24z" fill="#fff59d"/>');

interface TemplateSpec {
  title: string;
  description: string;
  mode: string;
  height: number;
  pages: H5Page[];
}

export function storeOpeningTemplate(): TemplateSpec {
  return {
    title: '门店开业',
    description: '新店开业邀请函：开业时间地址、三重开业礼、一键致电与扫码导航',
    mode: PAGE_MODE.longPage,
    height: 900,
    pages: [
      page('open_' + id8(), '开业邀请', [
        el('background', [0, 0, 320, 900], { imgSrc: '', color: '#fff8e1', size: 'cover' }),
        el('picture', [0, 0, 320, 200], { imgSrc: STORE, alt: '云眠家居新店', fit: 'cover' }, {}, { animations: fadeIn() }),
        el('text', [212, 20, 280, 46], { text: '<p><strong>云眠家居 · 新店开业</strong></p>' }, { fontSize: 26, color: '#e65100' }, { animations: bounceIn(0.3) }),
        el('text', [264, 20, 280, 52], { text: '<p>好床垫，试了才知道</p><p>诚邀您到店躺一躺、聊一聊</p>' }, { fontSize: 14, color: '#5d4037' }, { animations: fadeIn(0.6) }),
        el('notice-bar', [326, 0, 320, 34], { text: '开业三天全场床垫6折起，到店即送真丝眼罩（限前200位）', speed: 50, color: '#ed6a0c', backgroundColor: '#fffbe8', icon: true }),
        el('shape', [376, 20, 280, 150], { shape: 'rect', fill: '#ffffff', stroke: '#ffb74d', strokeWidth: 1 }, { borderRadius: 12 }),
        el('text', [392, 36, 248, 120], {
          text: '<p><strong>开业时间</strong>：X月X日 上午10:00</p><p><strong>门店地址</strong>：XX市XX区XX路XX号</p><p><strong>营业时间</strong>：每日 10:00-21:30</p><p><strong>到店热线</strong>：400-800-1234</p>',
        }, { textAlign: 'left', fontSize: 13, color: '#5d4037' }),
        el('text', [546, 20, 280, 34], { text: '<p><strong>开业三重礼</strong></p>' }, { fontSize: 20, color: '#e65100' }),
        el('news-list', [586, 15, 290, 170], {
          items: [
            { title: '到店礼：前200位到店顾客送真丝眼罩', date: '开业当天', link: '', image: PILLOW },
            { title: '体验礼：免费睡眠压力检测，定制枕头方案', date: '开业三天', link: '', image: MATTRESS },
            { title: '成交礼：床垫6折起，满5000再送乳胶枕', date: '开业三天', link: '', image: STORE },
          ],
          showDate: true,
          showImage: true,
        }, { backgroundColor: '#ffffff', borderRadius: 8 }),
        el('button', [772, 60, 200, 44], { text: '一键致电门店', verticalAlign: 'middle' }, { backgroundColor: '#e65100', color: '#ffffff', borderRadius: 22, fontSize: 16 }, {
          events: [{ type: 'tel', value: '4008001234' }],
        }),
        el('qrcode', [816, 250, 60, 60], { text: 'https://www.yunmian.com/stores', color: '#000000', background: '#ffffff', margin: 1 }),
        el('text', [824, 20, 220, 40], { text: '<p>扫码查看门店导航</p>' }, { fontSize: 12, color: '#8d6e63', textAlign: 'left' }),
      ]),
    ],
  };
}

export function trialSleepTemplate(): TemplateSpec {
  return {
    title: '床垫试睡报名',
    description: '100晚免费试睡报名表：姓名、手机号、意向门店，提交后门店顾问联系',
    mode: PAGE_MODE.longPage,
    height: 700,
    pages: [
      page('trial_' + id8(), '试睡报名', [
        el('background', [0, 0, 320, 700], { imgSrc: '', color: '#f1f8e9', size: 'cover' }),
        el('picture', [0, 0, 320, 190], { imgSrc: BED, alt: '100晚试睡', fit: 'cover' }, {}, { animations: fadeIn() }),
        el('text', [200, 20, 280, 44], { text: '<p><strong>100晚免费试睡</strong></p>' }, { fontSize: 26, color: '#2e7d32' }, { animations: bounceIn(0.2) }),
        el('text', [248, 20, 280, 64], { text: '<p>先睡后买，不满意全额退款</p><p>名额有限，填写信息后门店顾问将在24小时内联系您</p>' }, { fontSize: 13, color: '#33691e' }),
        el('form-input', [330, 20, 280, 40], { label: '姓名', name: 'name', placeholder: '请输入您的姓名', required: true, type: 'text' }, { textAlign: 'left' }),
        el('form-input', [382, 20, 280, 40], { label: '手机号', name: 'mobile', placeholder: '请输入11位手机号', required: true, type: 'tel' }, { textAlign: 'left' }),
        el('form-select', [434, 20, 280, 40], {
          label: '意向门店',
          name: 'storeId',
          placeholder: '请选择门店',
          options: options('上海徐汇店', '上海浦东店', '杭州西湖店', '南京新街口店', '苏州园区店'),
          required: true,
        }, { textAlign: 'left' }),
        el('form-radio', [486, 20, 280, 40], { label: '想试的床垫', name: 'mattress', options: options('独立弹簧', '天然乳胶', '记忆棉'), required: false, layout: 'horizontal' }, { textAlign: 'left' }),
        el('form-submit', [552, 60, 200, 44], { text: '立即报名', verticalAlign: 'middle' }, { backgroundColor: '#2e7d32', color: '#ffffff', borderRadius: 22, fontSize: 16 }),
        el('text', [616, 20, 280, 48], { text: '<p>报名即表示同意门店顾问与您联系试睡事宜，信息仅用于本次活动</p>' }, { fontSize: 11, color: '#689f38' }),
      ]),
    ],
  };
}

export function holidaySaleTemplate(): TemplateSpec {
  const deals = 'deals_' + id8();
  return {
    title: '节日大促',
    description: '节日大促三屏翻页：主视觉、爆款清单、领券到店',
    mode: PAGE_MODE.swiper,
    height: 568,
    pages: [
      page('cover_' + id8(), '主视觉', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#b71c1c', size: 'cover' }),
        el('picture', [60, 0, 320, 200], { imgSrc: RIBBON, alt: '节日大促', fit: 'cover' }, {}, { animations: fadeIn() }),
        el('text', [290, 20, 280, 56], { text: '<p><strong>节日焕新 · 好眠狂欢</strong></p>' }, { ...white, fontSize: 26 }, { animations: bounceIn(0.3) }),
        el('text', [352, 20, 280, 52], { text: '<p>床垫、枕头、床品全场满减</p><p>满3000减500 · 满6000减1200</p>' }, { ...white, fontSize: 14 }, { animations: fadeIn(0.8) }),
        el('button', [440, 70, 180, 44], { text: '查看爆款', verticalAlign: 'middle' }, { backgroundColor: '#ffd54f', color: '#b71c1c', borderRadius: 22, fontSize: 16 }, {
          events: [{ type: 'page', value: deals }],
        }),
        el('text', [520, 20, 280, 24], { text: '<p>上滑查看更多</p>' }, { color: '#ffcdd2', fontSize: 12 }),
      ]),
      page(deals, '爆款清单', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#fff3e0', size: 'cover' }),
        el('text', [30, 20, 280, 40], { text: '<p><strong>节日爆款</strong></p>' }, { fontSize: 22, color: '#b71c1c' }),
        el('table', [84, 10, 300, 210], {
          rows: [['商品', '日常价', '节日价'], ['云眠·护脊弹簧床垫 1.8m', '¥4999', '¥3299'], ['云眠·天然乳胶床垫 1.5m', '¥3999', '¥2699'], ['记忆棉护颈枕（一对）', '¥599', '¥369'], ['60支长绒棉四件套', '¥899', '¥549'], ['羊毛冬被 200×230', '¥1299', '¥799']],
          header: true,
          stripe: true,
          headerColor: '#ffebee',
          stripeColor: '#fafafa',
          borderColor: '#e4e7ed',
        }, { backgroundColor: '#ffffff', fontSize: 12 }),
        el('carousel', [318, 10, 300, 160], { slides: [{ image: MATTRESS, link: '' }, { image: PILLOW, link: '' }, { image: BED, link: '' }], interval: 3, autoplay: true, indicator: true }, { borderRadius: 8 }),
        el('text', [494, 20, 280, 40], { text: '<p>价格以门店为准，数量有限，售完即止</p>' }, { fontSize: 12, color: '#8d6e63' }),
      ]),
      page('coupon_' + id8(), '领券到店', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#b71c1c', size: 'cover' }),
        el('shape', [90, 30, 260, 140], { shape: 'rect', fill: '#fff8e1', stroke: '#ffd54f', strokeWidth: 2 }, { borderRadius: 12 }, { animations: bounceIn() }),
        el('text', [110, 40, 240, 100], { text: '<p><strong>¥200 到店券</strong></p><p>满2000可用 · 节日期间有效</p>' }, { fontSize: 18, color: '#b71c1c' }),
        el('text', [260, 20, 280, 60], { text: '<p>到店出示本页面即可领取</p><p>每人限领一张</p>' }, { ...white, fontSize: 14 }),
        el('button', [350, 70, 180, 44], { text: '致电预约', verticalAlign: 'middle' }, { backgroundColor: '#ffd54f', color: '#b71c1c', borderRadius: 22, fontSize: 16 }, {
          events: [{ type: 'tel', value: '4008001234' }],
        }),
        el('qrcode', [420, 120, 80, 80], { text: 'https://www.yunmian.com/festival', color: '#000000', background: '#ffffff', margin: 1 }),
        el('text', [508, 20, 280, 24], { text: '<p>扫码查看附近门店</p>' }, { color: '#ffcdd2', fontSize: 12 }),
      ]),
    ],
  };
}

/** The three templates (fresh uuids each call), for the seed and for tests. */
export const seedTemplates = () => [storeOpeningTemplate(), trialSleepTemplate(), holidaySaleTemplate()];

/** Adds the templates, owned by the administrator, when there is none yet (new and existing databases). */
async function seedTemplateWorks(db: Db) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'admin')).limit(1);
  if (!admin) return;
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(h5Works).where(and(eq(h5Works.isTemplate, true)));
  if (n > 0) return;
  await db.insert(h5Works).values(
    seedTemplates().map((w) => ({
      id: newId(),
      creatorUserId: admin.id,
      title: w.title,
      description: w.description,
      pages: w.pages,
      datasources: [],
      coverImageUrl: '',
      width: 320,
      height: w.height,
      pageMode: w.mode,
      schemaVersion: WORK_SCHEMA_VERSION,
      isTemplate: true,
      // Saved before the demo works, so the admin's own works come first in 我的作品.
      createdAt: new Date(Date.now() - 30 * 24 * 3600_000),
      updatedAt: new Date(Date.now() - 30 * 24 * 3600_000),
    })),
  );
}

/** Data migration of issue 19: the template centre's three templates. */
export const h5TemplateSeeds: SeedStep[] = [{ id: '2026-12-10-h5-templates', run: seedTemplateWorks }];
