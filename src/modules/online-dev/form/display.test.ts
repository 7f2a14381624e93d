import { describe, expect, it } from 'vitest';
import type { FieldOption } from '@/contracts/online-dev-model';
import { fileShape, gridSpan, isLocalFile, optionText, switchText, valuesOf } from './display';

const tree: FieldOption[] = [
  { label: '华东', value: 'e', children: [{ label: '上海', value: 'sh', children: [{ label: '浦东', value: 'pd' }] }] },
  { label: '华北', value: 'n' },
];

describe('values as text', () => {
  it('shows the labels of chosen options, a value without an option as it is', () => {
    expect(optionText({ type: 'select' }, tree, 'n')).toBe('华北');
    expect(optionText({ type: 'checkbox' }, tree, ['n', 'sh', 'zz'])).toBe('华北、上海、zz');
    expect(optionText({ type: 'select' }, tree, null)).toBe('');
    expect(optionText({ type: 'select' }, undefined, 'n')).toBe('n');
  });

  it('reads a cascader’s path level by level', () => {
    expect(optionText({ type: 'cascader' }, tree, ['e', 'sh', 'pd'])).toBe('华东 / 上海 / 浦东');
    expect(optionText({ type: 'cascader' }, tree, ['n', 'sh'])).toBe('华北 / sh');
  });

  it('gives a switch its own words or 是 / 否', () => {
    expect(switchText({}, true, '是', '否')).toBe('是');
    expect(switchText({}, false, '是', '否')).toBe('否');
    expect(switchText({ activeText: '合格', inactiveText: '不合格' }, 1, '是', '否')).toBe('合格');
    expect(switchText({ activeText: '合格', inactiveText: '不合格' }, null, '是', '否')).toBe('不合格');
  });

  it('tells images, videos and other files apart, and files kept on the device', () => {
    expect(fileShape({ fileName: '门店.PNG' })).toBe('image');
    expect(fileShape({ fileName: '', name: 'a.rmvb' })).toBe('video');
    expect(fileShape({ fileName: 'a.pdf' })).toBe('file');
    expect(isLocalFile({ url: 'local:abc' })).toBe(true);
    expect(isLocalFile({ url: '/api/file/Download/x/y.png' })).toBe(false);
    expect(valuesOf(['a', '', null])).toEqual(['a']);
  });

  it('gives a field its span of the 24 columns, all of them on a phone', () => {
    expect(gridSpan(12, false)).toBe(12);
    expect(gridSpan(12, true)).toBe(24);
    expect(gridSpan(40, false)).toBe(24);
    expect(gridSpan(undefined, false)).toBe(24);
  });
});
