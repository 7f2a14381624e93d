import { rules as specRules } from './validation';

/**
 * Rules a model's text field may take (issue 20, spec 5.1): the named rules of the spec with their
 * messages word for word, and the spec's generic rules (whose words the spec does not give).
 */

/**
 * The generic rules of spec 5.1 ("generic message texts also exist"): the spec does not give their
 * words, so these are ours, in the same style.
 */
export const genericRules = {
  fixedPhone: { pattern: /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/, message: '请正确输入固定电话' },
  postcode: { pattern: /^[1-9]\d{5}$/, message: '请正确输入邮政编码' },
  url: { pattern: /^https?:\/\/[^\s/$.?#].[^\s]*$/i, message: '请正确输入网址' },
  percent: { pattern: /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)%?$/, message: '请正确输入百分比' },
  range01: { pattern: /^(0(\.\d+)?|1(\.0+)?)$/, message: '请输入0到1之间的数' },
  range010: { pattern: /^(\d(\.\d+)?|10(\.0+)?)$/, message: '请输入0到10之间的数' },
  decimal17x2: { pattern: /^-?\d{1,17}(\.\d{1,2})?$/, message: '整数最多17位，小数最多2位' },
  commaNumbers: { pattern: /^\d+(,\d+)*$/, message: '请输入以英文逗号分隔的数字' },
  letterUnderscore: { pattern: /^[A-Za-z0-9_]+$/, message: '只能输入字母、数字和下划线' },
  userName: { pattern: /^[A-Za-z][A-Za-z0-9_]*$/, message: '用户名必须以字母开头' },
} as const;

/** Rules a model's text field may name (a text field takes at most one). */
export const FIELD_RULES = {
  phone: specRules.phone,
  idCard: specRules.idCard,
  email: specRules.email,
  plate: specRules.plate,
  chinese: specRules.chinese,
  code: specRules.code,
  account: specRules.account,
  name: specRules.name,
  codeDigits: specRules.codeDigits,
  halfHours: specRules.halfHours,
  positiveInteger: specRules.positiveInteger,
  ...genericRules,
} as const;
export type FieldRuleName = keyof typeof FIELD_RULES;
export const FIELD_RULE_NAMES = Object.keys(FIELD_RULES) as FieldRuleName[];

