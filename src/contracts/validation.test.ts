import { describe, expect, it } from 'vitest';
import { check, parseSubAccount, rules, type RuleName } from './validation';

/** Spec 5.1: each rule, its message word for word, values it must accept and values it must refuse. */
const table: Record<RuleName, { message: string; good: string[]; bad: string[] }> = {
  phone: {
    message: '请正确输入您的手机号',
    good: ['13812345678', '19900000000', '15000000001'],
    bad: ['12812345678', '1381234567', '138123456789', '23812345678', '1381234567a', ''],
  },
  password: {
    message: '6-16位字符的密码（数字和字母组成）',
    good: ['abc123', 'Admin123', 'a1b2c3d4e5f6g7h8'],
    bad: ['abcdef', '123456', 'ab12', 'a1b2c3d4e5f6g7h8i', 'abc 123', 'abc12!', '密码abc123', ''],
  },
  idCard: {
    message: '请正确输入您的身份证号码',
    good: ['11010519491231002X', '440524188001010014', '11010519491231002x'],
    bad: ['11010519491331002X', '110105194912320021', '01010519491231002X', '1101051949123100', ''],
  },
  email: {
    message: '请正确输入您的邮箱地址',
    good: ['user@example.com', 'first.last+tag@mail.yunmian.cn'],
    bad: ['user@', '@example.com', 'user@example', 'us er@example.com', 'user@@example.com', ''],
  },
  plate: {
    message: '请正确输入您的车牌号',
    good: ['京A12345', '沪B1C2D3', '粤BD12345', '苏E1234学'],
    bad: ['京I12345', 'AB12345', '京A1234', '京a12345', '京A1234567', ''],
  },
  chinese: {
    message: '请正确输入中文',
    good: ['云眠', '上海徐汇店'],
    bad: ['云眠a', 'abc', '云 眠', '123', ''],
  },
  code: {
    message: '编码只能输入英文、数字和小数点且小数点不能放在首尾',
    good: ['YM', 'YM.OPS.SHXH', 'a1.b2', '7'],
    bad: ['.YM', 'YM.', 'YM_OPS', 'YM-OPS', '编码', ''],
  },
  account: {
    message: '只能输入数字英文',
    good: ['ym0001', 'ADMIN', '2024'],
    bad: ['ym-0001', 'ym 0001', 'ym_0001', '账户', ''],
  },
  name: {
    message: '名称不能含有特殊符号',
    good: [
      '上海徐汇店',
      'Store 1',
      '张三',
      // Written as on paper: brackets, middle dot, hyphens and dashes, the enumeration comma, spaces inside.
      '上海徐汇店（二店）',
      '上海徐汇店(二店)',
      '研发·测试部',
      '阿卜杜拉·买买提',
      '山田・太郎',
      'A-B 组',
      '华东区、华南区',
      '销售一部－华东',
      '华东—华南联合组',
      'Team A – B',
      '𠮷野家',
    ],
    bad: [
      'a@b',
      'x#1',
      'hello!',
      '门店。',
      '',
      // Markup, quotes and the symbols of the spec's list, ASCII and full-width.
      '<script>',
      '＜门店＞',
      'a"b',
      "O'Brien",
      '“门店”',
      '‘店’',
      '{x}',
      '［x］',
      '[x]',
      '【促销】',
      '《手册》',
      '「店」',
      'a|b',
      'a\\b',
      'a/b',
      'a$b',
      '￥100',
      '50%',
      'a^b',
      'a&b',
      'a*b',
      'a+b',
      'a=b',
      'a~b',
      '`x`',
      'a?b',
      '店？',
      '店！',
      '店，二店',
      '店；二店',
      'a:b',
      '店：二',
      'No.1',
      '等等…',
      // Control characters: tab, line break, NUL.
      'a\tb',
      'a\nb',
      'a\u0000b',
    ],
  },
  codeDigits: {
    message: '编码只能输入数字',
    good: ['0', '0012', '9876543210'],
    bad: ['12a', '1.5', '-1', ' 1', ''],
  },
  halfHours: {
    message: '时间只能是整数和0.5的倍数',
    good: ['0', '3', '2.5', '4.0', '12.5'],
    bad: ['2.3', '2.50', '.5', '-1', 'abc', ''],
  },
  positiveInteger: {
    message: '请输入正整数',
    good: ['1', '42', '1000000'],
    bad: ['0', '01', '-3', '1.5', '1e3', ''],
  },
};

describe('spec 5.1 rules', () => {
  it('the rule set is exactly the spec table', () => {
    expect(Object.keys(rules).sort()).toEqual(Object.keys(table).sort());
  });

  describe.each(Object.entries(table) as [RuleName, (typeof table)[RuleName]][])('%s', (name, spec) => {
    it('carries the spec message', () => {
      expect(rules[name].message).toBe(spec.message);
    });
    it.each(spec.good)('accepts %j', (value) => {
      expect(check(name, value)).toBe(true);
    });
    it.each(spec.bad)('rejects %j', (value) => {
      expect(check(name, value)).toBe(false);
    });
  });
});

describe('parseSubAccount (spec 5.2: mobile, @, account)', () => {
  it('splits a sub-account login', () => {
    expect(parseSubAccount('13812345678@ym0001')).toEqual({ mobile: '13812345678', account: 'ym0001' });
  });

  it('keeps everything after the first @ as the account', () => {
    expect(parseSubAccount('13812345678@team@ym')).toEqual({ mobile: '13812345678', account: 'team@ym' });
  });

  it.each(['ym0001', 'admin', '', '@ym0001', '13812345678@', '12345@ym0001', 'user@example.com', '1381234567@ym0001'])(
    'treats %j as an ordinary account',
    (value) => {
      expect(parseSubAccount(value)).toBeNull();
    },
  );
});
