import type { H5Element, H5Page } from '@/contracts/h5';
import type { PublishedSnapshot } from '@/contracts/h5-publish';

/**
 * A small published work for the runtime's dev server (`npx vite -c vite.runtime.config.ts`, add
 * `?mode=h5_swipper` to the snapshot for paged mode) and its tests: a background, a title that
 * fades in, a picture, a button that opens a dialog page, and a form (name, mobile, choice, submit).
 */
const side = { value: 0, unit: 'px' as const };
const sides = { top: side, right: side, bottom: side, left: side };

export function fixtureElement(name: string, uuid: string, box: [top: number, left: number, width: number, height: number], pluginProps: Record<string, unknown>, more: Partial<H5Element> = {}): H5Element {
  const [top, left, width, height] = box;
  return {
    name,
    uuid,
    version: 1,
    pluginProps,
    commonStyle: {
      top,
      left,
      width,
      height,
      rotate: 0,
      zindex: 1,
      textAlign: 'center',
      color: '#000000',
      backgroundColor: 'transparent',
      fontSize: 14,
      opacity: 1,
      borderRadius: 0,
      margin: sides,
      padding: sides,
      border: { ...sides, color: '#000000', style: 'solid' },
    },
    events: [],
    methodList: [],
    scripts: [],
    animations: [],
    ...more,
  } as H5Element;
}

export function fixtureSnapshot(mode = 'h5_long_page'): PublishedSnapshot {
  const dialog: H5Page = {
    uuid: 'page_dialog1',
    title: '活动规则',
    type: 'dialog',
    elements: [
      fixtureElement('background', 'background_dlg00001', [0, 0, 320, 300], { imgSrc: '', color: '#ffffff', size: 'cover' }),
      fixtureElement('text', 'text_dlg00001', [40, 20, 280, 200], { text: '<p><strong>活动规则</strong></p><p>1. 活动时间：11月1日-11月11日</p>' }),
    ],
  };
  const first: H5Page = {
    uuid: 'page_first01',
    title: '首页',
    type: 'index',
    elements: [
      fixtureElement('background', 'background_first001', [0, 0, 320, 568], { imgSrc: '', color: '#fff3e0', size: 'cover' }),
      fixtureElement('text', 'text_title001', [40, 20, 280, 50], { text: '<p><strong>云眠床垫节</strong></p>' }, {
        commonStyle: { ...fixtureElement('text', 'x_xxxx', [40, 20, 280, 50], {}).commonStyle, fontSize: 28, color: '#e65100' },
        animations: [{ type: 'fadeInDown', duration: 1, delay: 0, iterationCount: 1 }],
      }),
      fixtureElement('shape', 'shape_deco0001', [110, 60, 200, 120], { shape: 'star', fill: '#ffb74d', stroke: '#e65100', strokeWidth: 0 }, { animations: [{ type: 'zoomIn', duration: 0.8, delay: 0.3, iterationCount: 1 }] }),
      fixtureElement('button', 'button_rules001', [260, 100, 120, 40], { text: '活动规则', verticalAlign: 'middle' }, {
        commonStyle: { ...fixtureElement('button', 'x_xxxx', [260, 100, 120, 40], {}).commonStyle, backgroundColor: '#2f6bff', color: '#ffffff', borderRadius: 20 },
        events: [{ type: 'page', value: 'page_dialog1' }],
      }),
    ],
  };
  const form: H5Page = {
    uuid: 'page_form001',
    title: '报名',
    type: 'index',
    elements: [
      fixtureElement('background', 'background_form001', [0, 0, 320, 568], { imgSrc: '', color: '#ffffff', size: 'cover' }),
      fixtureElement('form-input', 'form-input_name0001', [40, 20, 280, 40], { name: 'name', label: '姓名', required: true, placeholder: '请输入姓名', type: 'text' }),
      fixtureElement('form-input', 'form-input_mobile001', [100, 20, 280, 40], { name: 'mobile', label: '手机号', required: true, placeholder: '请输入手机号', type: 'tel' }),
      fixtureElement('form-input', 'form-input_code0001', [160, 20, 280, 40], { name: 'mobileCode', label: '验证码', required: false, placeholder: '', type: 'text' }),
      fixtureElement('form-radio', 'form-radio_sex00001', [160, 20, 280, 56], { name: 'sex', label: '性别', required: false, options: [{ label: '男', value: '1' }, { label: '女', value: '2' }], layout: 'horizontal' }),
      fixtureElement('form-submit', 'form-submit_go00001', [240, 20, 280, 44], { text: '提交', verticalAlign: 'middle' }, {
        commonStyle: { ...fixtureElement('form-submit', 'x_xxxx', [240, 20, 280, 44], {}).commonStyle, backgroundColor: '#2f6bff', color: '#ffffff', borderRadius: 4, fontSize: 16 },
      }),
    ],
  };
  return {
    workId: '01JDEVFIXTURE0000000000000',
    version: 1,
    publishedAt: '2026-11-26T00:00:00.000Z',
    work: {
      id: '01JDEVFIXTURE0000000000000',
      title: '云眠床垫节',
      description: '',
      pages: [first, form, dialog],
      datasources: [],
      cover_image_url: '',
      width: 320,
      height: 568,
      page_mode: mode === 'h5_swipper' ? 'h5_swipper' : 'h5_long_page',
      schemaVersion: 1,
      is_publish: true,
      is_template: false,
      version: 3,
      creatorUserId: '01JDEVUSER0000000000000000',
      created_time: '2026-11-26 00:00:00',
      updated_time: '2026-11-26 00:00:00',
    },
  };
}
