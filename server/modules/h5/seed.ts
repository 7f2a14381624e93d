import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { h5Works, users } from '../../db/schema';
import { defaultButtons, upsertControls, type ModuleControls } from '../../db/seed/controls';
import { upsertMenus, type MenuSeed } from '../../db/seed/menus';
import { newId } from '../../lib/ids';
import type { SeedStep } from '../../lib/module';
import { PAGE_MODE, WORK_SCHEMA_VERSION, type CommonStyle, type H5Element, type H5Page } from '../../../src/contracts/h5';

/**
 * 营销活动 (campaign pages): 我的作品 and 素材库, for the administrators, the store managers (store
 * openings, member days) and the staff role, which the marketing department's designers have (the
 * demo company has no role of its own for marketing).
 */
const DESIGNERS = ['storeManager', 'staff'];

export const h5Menus: MenuSeed[] = [
  { enCode: 'h5', fullName: '营销活动', icon: 'megaphone', type: 1, sortCode: 20, roles: DESIGNERS },
  { enCode: 'h5.works', parent: 'h5', fullName: '我的作品', icon: 'file-text', type: 2, urlAddress: 'h5/works', sortCode: 21, roles: DESIGNERS },
  { enCode: 'h5.images', parent: 'h5', fullName: '素材库', icon: 'folder', type: 2, urlAddress: 'h5/images', sortCode: 22, roles: DESIGNERS },
];

export const h5Controls: ModuleControls[] = [
  { module: 'h5.works', buttons: defaultButtons([], DESIGNERS), columns: [] },
  { module: 'h5.images', buttons: defaultButtons([], DESIGNERS), columns: [] },
];

// ---- demo works ---------------------------------------------------------------------------------

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const random8 = () => Array.from(randomBytes(8), (b) => ALNUM[b % ALNUM.length]).join('');

const side = (value = 0) => ({ value, unit: 'px' as const });
const sides = (value = 0) => ({ top: side(value), right: side(value), bottom: side(value), left: side(value) });

/** A full commonStyle (spec 3 defaults) for a box [top, left, width, height]. */
export function style([top, left, width, height]: [number, number, number, number], extra: Partial<CommonStyle> = {}): CommonStyle {
  return {
    top,
    left,
    width,
    height,
    rotate: 0,
    zindex: 1,
    textAlign: 'center',
    color: '#000000',
    backgroundColor: 'rgba(0, 0, 0, 0)',
    fontSize: 14,
    opacity: 1,
    borderRadius: 0,
    margin: sides(),
    padding: sides(),
    border: { ...sides(), color: '#000000', style: 'solid' },
    ...extra,
  };
}

type Box = [number, number, number, number];
interface ElementSpec {
  events?: H5Element['events'];
  animations?: H5Element['animations'];
}

export function el(name: string, box: Box, pluginProps: Record<string, unknown>, css: Partial<CommonStyle> = {}, more: ElementSpec = {}): H5Element {
  return {
    name,
    uuid: `${name}_${random8()}`,
    version: 1,
    pluginProps,
    commonStyle: style(box, css),
    events: more.events ?? [],
    methodList: [],
    scripts: [],
    animations: more.animations ?? [],
  };
}

/** A page; its elements stacked in list order (the background stays below them all). */
export function page(uuid: string, title: string, elements: H5Element[], type = 'index'): H5Page {
  let z = 1;
  for (const e of elements) e.commonStyle.zindex = e.name === 'background' ? -1 : z++;
  return { uuid, title, type, elements };
}

export const fadeIn = (delay = 0) => [{ type: 'fadeIn', duration: 1, delay, iterationCount: 1 }];
export const bounceIn = (delay = 0) => [{ type: 'bounceIn', duration: 1, delay, iterationCount: 1 }];

/** A small picture drawn in SVG (the demo has no uploaded images): two colours and some shapes. */
export function art(from: string, to: string, shapes: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="320" height="200" fill="url(#g)"/>${shapes}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
export const MATTRESS = art('#ffd6d6', '#ff8a80', '<rect x="50" y="95" width="220" height="50" rx="14" fill="#fff"/><rect x="50" y="130" width="220" height="18" rx="6" fill="#e0e0e0"/><circle cx="260" cy="45" r="22" fill="#fff59d"/>');
export const PILLOW = art('#e3f2fd', '#90caf9', '<ellipse cx="160" cy="110" rx="110" ry="45" fill="#fff"/><ellipse cx="160" cy="110" rx="80" ry="25" fill="#e3f2fd"/>');
export const STORE = art('#fff3e0', '#ffb74d', '<rect x="70" y="60" width="180" height="110" fill="#fff"/><rect x="60" y="45" width="200" height="25" fill="#e65100"/><rect x="140" y="110" width="40" height="60" fill="#ffcc80"/>');
const WHEEL = art('#f3e5f5', '#ce93d8', '<circle cx="160" cy="100" r="80" fill="#fff"/><path d="M160 100 L160 20 A80 80 0 0 1 229 60 Z" fill="#ff7043"/><path d="M160 100 L229 60 A80 80 0 0 1 229 140 Z" fill="#ffca28"/><path d="M160 100 L229 140 A80 80 0 0 1 160 180 Z" fill="#66bb6a"/><path d="M160 100 L160 180 A80 80 0 0 1 91 140 Z" fill="#42a5f5"/><path d="M160 100 L91 140 A80 80 0 0 1 91 60 Z" fill="#ab47bc"/><circle cx="160" cy="100" r="14" fill="#e53935"/>');

export const options = (...labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }));
export const white = { color: '#ffffff' };

function doubleEleven(): Pick<DemoWork, 'pages' | 'height' | 'mode'> {
  const rules = 'rules_' + random8();
  return {
    mode: PAGE_MODE.longPage,
    height: 1180,
    pages: [
      page('main_' + random8(), '主会场', [
        el('background', [0, 0, 320, 1180], { imgSrc: '', color: '#b71c1c', size: 'cover' }),
        el('picture', [0, 0, 320, 200], { imgSrc: MATTRESS, alt: '双11床垫节', fit: 'cover' }),
        el('text', [210, 20, 280, 50], { text: '<p><strong>双11床垫节</strong></p>' }, { ...white, fontSize: 30 }, { animations: bounceIn() }),
        el('text', [262, 20, 280, 30], { text: '<p>11月1日-11月11日 · 全场床垫低至5折</p>' }, { ...white, fontSize: 15 }, { animations: fadeIn(0.5) }),
        el('notice-bar', [304, 0, 320, 36], { text: '前100名下单加赠乳胶枕一对，以旧换新最高抵800元', speed: 50, color: '#ed6a0c', backgroundColor: '#fffbe8', icon: true }),
        el('carousel', [352, 10, 300, 160], { slides: [{ image: MATTRESS, link: '' }, { image: PILLOW, link: '' }, { image: STORE, link: '' }], interval: 3, autoplay: true, indicator: true }, { borderRadius: 8 }),
        el('text', [528, 20, 280, 30], { text: '<p><strong>爆款价格一览</strong></p>' }, { ...white, fontSize: 18 }),
        el('table', [566, 10, 300, 170], {
          rows: [['型号', '尺寸', '日常价', '双11价'], ['云眠·护脊独立弹簧', '1.8×2.0m', '¥4999', '¥2999'], ['云眠·天然乳胶', '1.5×2.0m', '¥3999', '¥2399'], ['云眠·记忆棉', '1.8×2.0m', '¥3599', '¥1999'], ['云眠·儿童椰棕', '1.2×1.9m', '¥1899', '¥999']],
          header: true, stripe: true, headerColor: '#ffebee', stripeColor: '#fafafa', borderColor: '#e4e7ed',
        }, { backgroundColor: '#ffffff', fontSize: 12 }),
        el('chart', [748, 10, 300, 200], { type: 'bar', title: '去年双11各品类销量（张）', data: [['', '销量'], ['弹簧', '1260'], ['乳胶', '980'], ['记忆棉', '740'], ['椰棕', '310']], colors: ['#ef5350'] }, { backgroundColor: '#ffffff', borderRadius: 8 }),
        el('rating', [962, 60, 200, 30], { value: 4.8, max: 5, color: '#ffb400', voidColor: '#dcdfe6', readonly: true }),
        el('text', [994, 20, 280, 24], { text: '<p>12,846位顾客好评 · 100晚试睡不满意可退</p>' }, { ...white, fontSize: 12 }),
        el('button', [1030, 60, 200, 44], { text: '查看活动规则', verticalAlign: 'middle' }, { backgroundColor: '#ffffff', color: '#b71c1c', borderRadius: 22, fontSize: 16 }, { events: [{ type: 'page', value: rules }] }),
        el('qrcode', [1090, 125, 70, 70], { text: 'https://www.yunmian.com/double11', color: '#000000', background: '#ffffff', margin: 1 }),
      ]),
      page(rules, '活动规则', [
        el('shape', [120, 20, 280, 300], { shape: 'rect', fill: '#ffffff', stroke: '#b71c1c', strokeWidth: 2 }, { borderRadius: 12 }),
        el('text', [140, 40, 240, 260], {
          text: '<p><strong>活动规则</strong></p><p>1. 活动时间：11月1日0点至11月11日24点。</p><p>2. 满5000元减800元，可与以旧换新同享。</p><p>3. 赠品数量有限，送完即止。</p><p>4. 门店与线上同价，最终解释权归云眠家居所有。</p>',
        }, { textAlign: 'left', fontSize: 13 }),
      ], 'dialog'),
    ],
  };
}

function storeOpening(): Pick<DemoWork, 'pages' | 'height' | 'mode'> {
  return {
    mode: PAGE_MODE.swiper,
    height: 568,
    pages: [
      page('cover_' + random8(), '封面', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#fff8e1', size: 'cover' }),
        el('picture', [60, 20, 280, 175], { imgSrc: STORE, alt: '南京新街口店', fit: 'cover' }, { borderRadius: 12 }, { animations: fadeIn() }),
        el('text', [260, 20, 280, 46], { text: '<p><strong>开业邀请函</strong></p>' }, { fontSize: 28, color: '#e65100' }, { animations: bounceIn(0.3) }),
        el('text', [316, 30, 260, 70], { text: '<p>诚邀您莅临云眠家居南京新街口店</p><p>共享一夜好眠</p>' }, { fontSize: 15, color: '#5d4037' }, { animations: fadeIn(0.8) }),
        el('text', [420, 30, 260, 50], { text: '<p>12月6日 10:00 盛大开业</p><p>南京市秦淮区中山南路1号</p>' }, { fontSize: 13, color: '#8d6e63' }),
        el('shape', [500, 150, 20, 20], { shape: 'triangle', fill: '#ffb74d', stroke: '#ffb74d', strokeWidth: 0 }, { rotate: 180 }),
      ]),
      page('gifts_' + random8(), '开业福利', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#fff3e0', size: 'cover' }),
        el('text', [40, 20, 280, 40], { text: '<p><strong>开业三重礼</strong></p>' }, { fontSize: 24, color: '#e65100' }),
        el('news-list', [100, 15, 290, 250], {
          items: [
            { title: '到店礼：前200位到店顾客送真丝眼罩', date: '12月6日', link: '', image: PILLOW },
            { title: '试睡礼：体验睡眠检测，赠定制枕头方案', date: '12月6日-8日', link: '', image: MATTRESS },
            { title: '成交礼：开业三天全场床垫6折起', date: '12月6日-8日', link: '', image: STORE },
          ],
          showDate: true, showImage: true,
        }, { backgroundColor: '#ffffff', borderRadius: 8 }),
        el('shape', [380, 40, 240, 2], { shape: 'line', fill: '#ffb74d', stroke: '#ffb74d', strokeWidth: 2 }),
        el('text', [396, 20, 280, 60], { text: '<p>凭本邀请函到店，另享会员积分双倍</p>' }, { fontSize: 14, color: '#5d4037' }),
      ]),
      page('signup_' + random8(), '预约到店', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#ffffff', size: 'cover' }),
        el('text', [30, 20, 280, 40], { text: '<p><strong>预约到店</strong></p>' }, { fontSize: 22, color: '#e65100' }),
        el('form-input', [90, 20, 280, 40], { label: '姓名', name: 'name', placeholder: '请输入姓名', required: true, type: 'text' }, { textAlign: 'left' }),
        el('form-input', [140, 20, 280, 40], { label: '手机号', name: 'mobile', placeholder: '请输入手机号', required: true, type: 'tel' }, { textAlign: 'left' }),
        el('form-radio', [190, 20, 280, 70], { label: '到店时间', name: 'visitTime', options: options('上午', '下午', '晚上'), required: true, layout: 'horizontal' }, { textAlign: 'left' }),
        el('form-submit', [280, 60, 200, 44], { text: '立即预约', verticalAlign: 'middle' }, { backgroundColor: '#e65100', color: '#ffffff', borderRadius: 22, fontSize: 16 }),
        el('qrcode', [360, 110, 100, 100], { text: 'https://www.yunmian.com/stores/nanjing', color: '#000000', background: '#ffffff', margin: 1 }),
        el('text', [470, 20, 280, 24], { text: '<p>扫码查看门店导航</p>' }, { fontSize: 12, color: '#8d6e63' }),
      ]),
    ],
  };
}

function memberDay(): Pick<DemoWork, 'pages' | 'height' | 'mode'> {
  const form = 'form_' + random8();
  return {
    mode: PAGE_MODE.swiper,
    height: 568,
    pages: [
      page('draw_' + random8(), '抽奖', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#4a148c', size: 'cover' }),
        el('text', [40, 20, 280, 50], { text: '<p><strong>会员日幸运大抽奖</strong></p>' }, { ...white, fontSize: 26 }, { animations: bounceIn() }),
        el('text', [92, 20, 280, 26], { text: '<p>每月8日 · 会员专享 · 100%中奖</p>' }, { color: '#e1bee7', fontSize: 14 }),
        el('picture', [130, 30, 260, 180], { imgSrc: WHEEL, alt: '幸运转盘', fit: 'contain' }, {}, { animations: fadeIn(0.3) }),
        el('notice-bar', [322, 0, 320, 34], { text: '恭喜会员138****5521抽中乳胶枕一对；会员159****0832抽中记忆棉床垫一张', speed: 40, color: '#ffffff', backgroundColor: '#6a1b9a', icon: true }),
        el('button', [376, 60, 200, 46], { text: '立即抽奖', verticalAlign: 'middle' }, { backgroundColor: '#ffca28', color: '#4a148c', borderRadius: 23, fontSize: 18 }, { events: [{ type: 'page', value: form }] }),
        el('text', [440, 20, 280, 80], { text: '<p>一等奖：云眠护脊床垫1张</p><p>二等奖：乳胶枕一对</p><p>三等奖：100元无门槛券</p>' }, { color: '#e1bee7', fontSize: 13 }),
      ]),
      page(form, '领奖信息', [
        el('background', [0, 0, 320, 568], { imgSrc: '', color: '#f3e5f5', size: 'cover' }),
        el('text', [16, 20, 280, 36], { text: '<p><strong>填写领奖信息</strong></p>' }, { fontSize: 20, color: '#4a148c' }),
        el('form-input', [60, 20, 280, 38], { label: '姓名', name: 'name', placeholder: '请输入姓名', required: true, type: 'text' }, { textAlign: 'left' }),
        el('form-input', [104, 20, 280, 38], { label: '手机号', name: 'mobile', placeholder: '请输入会员手机号', required: true, type: 'tel' }, { textAlign: 'left' }),
        el('form-select', [148, 20, 280, 38], { label: '领奖门店', name: 'storeId', placeholder: '请选择门店', options: options('上海徐汇店', '上海浦东店', '杭州西湖店', '南京新街口店'), required: true }, { textAlign: 'left' }),
        el('form-date', [192, 20, 280, 38], { label: '到店日期', name: 'visitDate', required: false }, { textAlign: 'left' }),
        el('form-region', [236, 20, 280, 38], { label: '所在地区', name: 'region', required: false, depth: '3' }, { textAlign: 'left' }),
        el('form-checkbox', [280, 20, 280, 64], { label: '感兴趣的产品', name: 'interests', options: options('床垫', '枕头', '床品', '床架'), required: false, layout: 'horizontal' }, { textAlign: 'left' }),
        el('form-textarea', [350, 20, 280, 76], { label: '留言', name: 'remark', placeholder: '想对我们说的话', required: false }, { textAlign: 'left' }),
        el('form-submit', [440, 60, 200, 44], { text: '提交领奖', verticalAlign: 'middle' }, { backgroundColor: '#6a1b9a', color: '#ffffff', borderRadius: 22, fontSize: 16 }),
        el('rating', [500, 85, 150, 28], { value: 5, max: 5, color: '#ffb400', voidColor: '#dcdfe6', readonly: false }),
      ]),
    ],
  };
}

interface DemoWork {
  account: string;
  title: string;
  description: string;
  mode: string;
  height: number;
  pages: H5Page[];
  /** Days before now it was created and last saved. */
  created: number;
  saved: number;
}

/** Demo works of the administrator and of ym0032 (市场部), when the demo company exists and there are no works yet. */
async function seedDemoWorks(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(h5Works);
  if (n > 0) return;
  const demo: DemoWork[] = [
    { account: 'admin', title: '双11床垫节', description: '双11主会场落地页：爆款价格、销量与活动规则', created: 20, saved: 1, ...doubleEleven() },
    { account: 'ym0032', title: '门店开业邀请函', description: '南京新街口店开业邀请，含到店预约表单', created: 12, saved: 3, ...storeOpening() },
    { account: 'admin', title: '会员日抽奖', description: '每月8日会员日转盘抽奖与领奖登记', created: 8, saved: 2, ...memberDay() },
  ];
  const accounts = [...new Set(demo.map((w) => w.account))];
  const rows = await db.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, accounts));
  const idOf = new Map(rows.map((r) => [r.account, r.id]));
  if (idOf.size !== accounts.length) return;
  const day = 24 * 3600_000;
  const now = Date.now();
  await db.insert(h5Works).values(
    demo.map((w) => ({
      id: newId(),
      creatorUserId: idOf.get(w.account)!,
      title: w.title,
      description: w.description,
      pages: w.pages,
      datasources: [],
      coverImageUrl: '',
      width: 320,
      height: w.height,
      pageMode: w.mode,
      schemaVersion: WORK_SCHEMA_VERSION,
      createdAt: new Date(now - w.created * day),
      updatedAt: new Date(now - w.saved * day),
    })),
  );
}

/** Data migration of the h5 module: the 营销活动 menu, its buttons and grants, the demo works. */
export const h5Seeds: SeedStep[] = [
  {
    id: '2026-11-26-h5',
    async run(db) {
      await upsertMenus(db, h5Menus);
      await upsertControls(db, h5Controls);
      await seedDemoWorks(db);
    },
  },
];

/** The demo works' pages, for tests (fresh random uuids each call). */
export const demoWorkPages = () => [doubleEleven(), storeOpening(), memberDay()];
