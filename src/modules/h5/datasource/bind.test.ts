import { describe, expect, it } from 'vitest';
import { bindProps, getPath, isBound, renderTemplate, templatePaths, valueText } from './bind';

const shared = {
  store: { name: '旗舰店', city: '上海', open: true, rating: 4.5, tags: ['新店', '24h'], items: [{ name: '床垫', price: 1999, url: 'https://example.com/a', pic: '/a.png' }, { name: '枕头', price: 99 }] },
  evil: { name: '<img src=x onerror=alert(1)>"&\'' },
  数据源1: { 标题: '双11' },
};

describe('paths into the shared data', () => {
  it('reads names, indexes by dot or bracket, and unicode names', () => {
    expect(getPath(shared, 'store.name')).toBe('旗舰店');
    expect(getPath(shared, 'store.items.1.name')).toBe('枕头');
    expect(getPath(shared, 'store.items[0].price')).toBe(1999);
    expect(getPath(shared, '数据源1.标题')).toBe('双11');
    expect(getPath(shared, '')).toBe(shared);
  });
  it('missing values, indexes into objects and inherited properties are undefined', () => {
    expect(getPath(shared, 'store.nope.deeper')).toBeUndefined();
    expect(getPath(shared, 'nostore.name')).toBeUndefined();
    expect(getPath(shared, 'store.items.x')).toBeUndefined();
    expect(getPath(shared, 'store.name.length')).toBeUndefined();
    expect(getPath(shared, 'store.constructor')).toBeUndefined();
    expect(getPath(shared, 'store.__proto__')).toBeUndefined();
    expect(getPath(shared, 'store.items.constructor')).toBeUndefined();
  });
  it('values read as text: numbers, booleans, objects as JSON, null and missing empty', () => {
    expect(valueText(4.5)).toBe('4.5');
    expect(valueText(false)).toBe('false');
    expect(valueText(['a', 1])).toBe('["a",1]');
    expect(valueText(null)).toBe('');
    expect(valueText(undefined)).toBe('');
    expect(valueText(Number.NaN)).toBe('');
  });
});

describe('templates', () => {
  it('fills {{path}} (spaces allowed) and leaves text around them', () => {
    expect(renderTemplate('欢迎光临{{store.name}}（{{ store.city }}）评分 {{store.rating}}', shared, 'text')).toBe('欢迎光临旗舰店（上海）评分 4.5');
    expect(templatePaths('a {{x.y}} b {{ z }}')).toEqual(['x.y', 'z']);
  });
  it('a missing value is empty', () => {
    expect(renderTemplate('[{{store.missing}}][{{nothing.at.all}}]', shared, 'text')).toBe('[][]');
  });
  it('in HTML a value is escaped: markup from the data shows as text', () => {
    const html = renderTemplate('<p>{{evil.name}}</p>', shared, 'html');
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;&quot;&amp;&#39;</p>');
    expect(html).not.toContain('<img');
  });
  it('in plain text the value goes in as it is (the renderer draws it as text)', () => {
    expect(renderTemplate('{{evil.name}}', shared, 'text')).toBe(shared.evil.name);
  });
});

describe('bindProps: the text, button and notice bar', () => {
  it('the text element escapes, the button does not', () => {
    expect(bindProps('text', { text: '<p>{{evil.name}}</p>' }, shared).text).toBe('<p>&lt;img src=x onerror=alert(1)&gt;&quot;&amp;&#39;</p>');
    expect(bindProps('button', { text: '去{{store.name}}', verticalAlign: 'middle' }, shared)).toEqual({ text: '去旗舰店', verticalAlign: 'middle' });
    expect(bindProps('notice-bar', { text: '{{store.tags.0}}开业', speed: 50 }, shared).text).toBe('新店开业');
  });
  it('unbound props come back as the same object; other types are not touched', () => {
    const props = { text: '<p>没有模板</p>' };
    expect(bindProps('text', props, shared)).toBe(props);
    const shape = { text: '{{store.name}}' };
    expect(bindProps('shape', shape, shared)).toBe(shape);
    expect(isBound('text', { text: '{{store.name}}' })).toBe(true);
    expect(isBound('text', props)).toBe(false);
  });
});

describe('bindProps: list bindings', () => {
  const binding = { source: 'store.items', fields: [{ key: 'title', path: 'name' }, { key: 'link', path: 'url' }, { key: 'image', path: 'pic' }, { key: 'date', path: 'price' }] };
  it('a news list repeats over the rows; missing fields are empty', () => {
    const props = bindProps('news-list', { items: [{ title: '示例', date: '', link: '', image: '' }], showDate: true, showImage: true, dataBinding: binding }, shared);
    expect(props.items).toEqual([
      { title: '床垫', date: '1999', link: 'https://example.com/a', image: '/a.png' },
      { title: '枕头', date: '99', link: '', image: '' },
    ]);
    expect(props.showDate).toBe(true);
  });
  it('a carousel gets slides; unknown keys are ignored', () => {
    const props = bindProps('carousel', { slides: [], dataBinding: { source: 'store.items', fields: [{ key: 'image', path: 'pic' }, { key: 'evil', path: 'name' }] } }, shared);
    expect(props.slides).toEqual([
      { image: '/a.png', link: '' },
      { image: '', link: '' },
    ]);
  });
  it('a table: headings from the keys when header is on, cells in field order', () => {
    const dataBinding = { source: 'store.items', fields: [{ key: '名称', path: 'name' }, { key: '价格', path: 'price' }] };
    expect(bindProps('table', { rows: [], header: true, dataBinding }, shared).rows).toEqual([
      ['名称', '价格'],
      ['床垫', '1999'],
      ['枕头', '99'],
    ]);
    expect(bindProps('table', { rows: [], header: false, dataBinding }, shared).rows).toEqual([
      ['床垫', '1999'],
      ['枕头', '99'],
    ]);
  });
  it('an object source is one row; an empty path is the row itself; the limit cuts', () => {
    expect(bindProps('news-list', { items: [], dataBinding: { source: 'store', fields: [{ key: 'title', path: 'name' }] } }, shared).items).toEqual([{ title: '旗舰店', date: '', link: '', image: '' }]);
    expect(bindProps('news-list', { items: [], dataBinding: { source: 'store.tags', fields: [{ key: 'title', path: '' }], limit: 1 } }, shared).items).toEqual([{ title: '新店', date: '', link: '', image: '' }]);
  });
  it('until the source holds data the element keeps its own items', () => {
    const props = { items: [{ title: '示例' }], dataBinding: { source: 'later.items', fields: [{ key: 'title', path: 'name' }] } };
    expect(bindProps('news-list', props, shared)).toBe(props);
    expect(bindProps('news-list', { ...props, dataBinding: { source: 'store.name', fields: [] } }, shared).items).toEqual([{ title: '示例' }]);
  });
  it('a malformed binding is no binding', () => {
    const props = { items: [{ title: '示例' }], dataBinding: { source: 42 } };
    expect(bindProps('news-list', props, shared)).toBe(props);
    expect(isBound('news-list', props)).toBe(false);
  });
});
