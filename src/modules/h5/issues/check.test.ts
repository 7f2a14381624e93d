import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { PAGE_MODE, type Datasource, type H5Element, type Work } from '@/contracts/h5';
import { newElement, newPage, newWork, type ElementOverrides } from '../core/model';
import { registerElements } from '../elements/index';
import { checkWork, elementBounds, isValidDatasourceUrl, workImages, type Issue } from './check';

beforeAll(() => registerElements());

const el = (name: string, style: Partial<H5Element['commonStyle']> = {}, props: Record<string, unknown> = {}, more: ElementOverrides = {}) =>
  newElement(name, { ...more, commonStyle: { top: 100, left: 20, width: 100, height: 40, ...style }, pluginProps: props });

function work(elements: H5Element[], init: Partial<Work> = {}): Work {
  const page = newPage();
  page.elements = elements;
  return newWork({ pages: [page], ...init });
}

const rules = (issues: Issue[]) => issues.map((i) => [i.rule, i.elementUuid ?? i.datasourceId]);

describe('checkWork', () => {
  it('finds nothing wrong in a tidy page', () => {
    const w = work([el('text', {}, { text: '<p>你好</p>' }), el('picture', {}, { imgSrc: '/a.png' }), el('background', {}, {})]);
    expect(checkWork(w)).toEqual([]);
  });

  it('flags an element fully off the page as an error and one partly off as a warning, with its page', () => {
    const gone = el('text', { left: 330 }, { text: '<p>看不见</p>' });
    const left = el('text', { left: -150 }, { text: '<p>左边</p>' });
    const above = el('button', { top: -60 });
    const partly = el('text', { left: 300 }, { text: '<p>一半</p>' });
    const w = work([gone, left, above, partly]);
    const issues = checkWork(w);
    expect(rules(issues)).toEqual([
      ['offCanvas', gone.uuid],
      ['offCanvas', left.uuid],
      ['offCanvas', above.uuid],
      ['partlyOffCanvas', partly.uuid],
    ]);
    expect(issues[0]).toMatchObject({ level: 'error', pageUuid: w.pages[0]!.uuid, pageIndex: 0, subject: '看不见' });
    expect(i18n._(issues[0]!.message)).toBe('元素完全在页面之外，访客看不到它');
    expect(issues[3]!.level).toBe('warning');
    expect(i18n._(issues[3]!.message)).toBe('元素部分超出页面');
  });

  it('checks below the page only in paged (swipe) mode: a long page grows', () => {
    const low = el('text', { top: 600 });
    const crossing = el('text', { top: 550 });
    expect(checkWork(work([low, crossing]))).toEqual([]);
    expect(rules(checkWork(work([low, crossing], { page_mode: PAGE_MODE.swiper })))).toEqual([
      ['offCanvas', low.uuid],
      ['partlyOffCanvas', crossing.uuid],
    ]);
  });

  it('counts rotation, and leaves the page-fixed background and music alone', () => {
    // 200 × 20 at left 60: inside; turned 90° it spans 150..170 wide and sticks out above the page.
    const turned = el('shape', { left: 60, top: 10, width: 200, height: 20, rotate: 90 });
    expect(elementBounds(turned.commonStyle).top).toBeCloseTo(-80);
    const bg = el('background', { left: -500 });
    const music = el('bg-music', { left: 400 });
    expect(rules(checkWork(work([turned, bg, music])))).toEqual([['partlyOffCanvas', turned.uuid]]);
  });

  it('flags a picture without an image, and images the browser could not load', () => {
    const empty = el('picture', {}, { imgSrc: '' });
    const broken = el('picture', {}, { imgSrc: 'https://img.example.com/gone.png' });
    const slides = el('carousel', {}, { slides: [{ image: '/ok.png', link: '' }, { image: '/broken.png', link: '' }] });
    const w = work([empty, broken, slides]);
    expect(workImages(w)).toEqual(['https://img.example.com/gone.png', '/ok.png', '/broken.png']);
    expect(rules(checkWork(w))).toEqual([['imageMissing', empty.uuid]]);
    const issues = checkWork(w, { failedImages: new Set(['https://img.example.com/gone.png', '/broken.png']) });
    expect(rules(issues)).toEqual([
      ['imageMissing', empty.uuid],
      ['imageFailed', broken.uuid],
      ['imageFailed', slides.uuid],
    ]);
    expect(i18n._(issues[1]!.message)).toBe('图片加载失败');
  });

  it('flags form fields on a page without a submit button, and a submit button on a page without fields', () => {
    const name = el('form-input', {}, { name: 'name', label: '姓名' });
    const w = work([name]);
    const second = newPage();
    const submit = el('form-submit', {}, { text: '提交' });
    second.elements = [submit];
    w.pages.push(second);
    const issues = checkWork(w);
    expect(rules(issues)).toEqual([
      ['formWithoutSubmit', name.uuid],
      ['submitWithoutForm', submit.uuid],
    ]);
    expect(issues[1]).toMatchObject({ pageUuid: second.uuid, pageIndex: 1, level: 'warning', subject: '提交' });
    expect(i18n._(issues[0]!.message)).toBe('页面有表单字段，但没有提交按钮');
  });

  it('takes a button with a submit event as the submit button', () => {
    const field = el('form-input', {}, { name: 'name', label: '姓名' });
    const button = el('button', {}, { text: '报名' }, { events: [{ type: 'submit', value: '' }] });
    expect(checkWork(work([field, button]))).toEqual([]);
  });

  it('flags duplicate field labels (warning) and duplicate data keys (error) on a page', () => {
    const a = el('form-input', {}, { name: 'name', label: '姓名' });
    const b = el('form-input', {}, { name: 'name2', label: '姓名' });
    const c = el('form-select', {}, { name: 'name', label: '门店' });
    const submit = el('form-submit');
    const issues = checkWork(work([a, b, c, submit]));
    expect(rules(issues)).toEqual([
      ['duplicateLabel', b.uuid],
      ['duplicateFieldName', c.uuid],
    ]);
    expect(issues.map((i) => [i.level, i.subject])).toEqual([
      ['warning', '姓名'],
      ['error', 'name'],
    ]);
  });

  it('flags an HTTP datasource whose url is not a whole http(s) address', () => {
    const ds = (id: string, type: Datasource['type'], url: string): Datasource => ({
      id,
      name: `数据${id}`,
      url,
      type,
      dependencies: [],
      relatedDsList: [],
      refreshType: 'once',
      refreshInterval: 0,
      pipe: '',
    });
    const w = work([], {
      datasources: [ds('1', 'HTTP_API', 'https://api.example.com/stores'), ds('2', 'HTTP_API', 'ftp://x'), ds('3', 'HTTP_API', ''), ds('4', 'HTTP_API', '/api/x'), ds('5', 'STATIC', '')],
    });
    const issues = checkWork(w);
    expect(rules(issues)).toEqual([
      ['datasourceUrl', '2'],
      ['datasourceUrl', '3'],
      ['datasourceUrl', '4'],
    ]);
    expect(issues[0]).toMatchObject({ pageUuid: null, elementUuid: null, subject: '数据2', level: 'error' });
    expect(isValidDatasourceUrl('http://')).toBe(false);
  });
});
