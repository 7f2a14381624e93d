import { describe, expect, it } from 'vitest';
import { msg, t, Trans, useLingui } from './lingui';

describe('the runtime lingui shim renders the zh-CN source texts', () => {
  it('tagged templates, descriptors with values, msg and Trans', () => {
    const n = 3;
    expect(t`第${n}张`).toBe('第3张');
    expect(t({ message: '评分 {value} / {max}', values: { value: 4, max: 5 } })).toBe('评分 4 / 5');
    expect(useLingui().i18n._(msg`省份`)).toBe('省份');
    expect(Trans({ children: '加载失败' })).toBe('加载失败');
  });
});
