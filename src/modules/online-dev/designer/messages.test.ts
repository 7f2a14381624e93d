import { describe, expect, it } from 'vitest';
import { definitionMessages } from '@/contracts/online-dev-define';
import { FIELD_RULE_NAMES } from '@/contracts/online-dev-model';
import { problemTemplates, problemText, ruleName } from './messages';

describe('designer messages', () => {
  it('every definition problem template is translated, with its values filled in', () => {
    expect(problemTemplates().sort()).toEqual(Object.values(definitionMessages).sort());
    expect(problemText({ message: definitionMessages.keyDuplicate, params: { key: 'price', label: '单价' } })).toBe('字段名「price」重复');
    expect(problemText({ message: '名称不能为空', params: {} })).toBe('名称不能为空');
  });

  it('every field rule has a name', () => {
    for (const r of FIELD_RULE_NAMES) expect(ruleName(r)).toBeTruthy();
  });
});
