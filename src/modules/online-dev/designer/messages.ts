import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { definitionMessages } from '@/contracts/online-dev-define';
import { FIELD_RULES, LIST_BUTTON_NAMES, MODEL_CATEGORY_NAMES, SYSTEM_COLUMN_NAMES, type FieldRuleName, type ListButton, type ModelCategory } from '@/contracts/online-dev-model';
import { translateContractMessage } from '@/lib/contract-messages';
import type { DesignProblem } from './core/problems';

/**
 * The designer's translations of contract texts: the definition problems of
 * src/contracts/online-dev-define.ts (templates with `{label}`, `{key}` … values), the field
 * rules' names, categories, list buttons and system columns. Each is listed once so Lingui
 * extracts it; a text not listed is shown as it is.
 */

const problemCatalog: Record<string, MessageDescriptor> = {
  [definitionMessages.keyMissing]: msg({ message: '字段「{label}」缺少字段名' }),
  [definitionMessages.keyPattern]: msg({ message: '字段名「{key}」只能以字母开头，由字母、数字和下划线组成' }),
  [definitionMessages.keyReserved]: msg({ message: '字段名「{key}」是保留字，请换一个' }),
  [definitionMessages.keyDuplicate]: msg({ message: '字段名「{key}」重复' }),
  [definitionMessages.labelMissing]: msg({ message: '字段「{key}」缺少标题' }),
  [definitionMessages.optionsMissing]: msg({ message: '字段「{label}」还没有选项' }),
  [definitionMessages.calcEmpty]: msg({ message: '计算公式「{label}」还没有公式' }),
  [definitionMessages.calcInvalid]: msg({ message: '计算公式「{label}」在第{position}个字符附近有误' }),
  [definitionMessages.calcReference]: msg({ message: '计算公式「{label}」引用的字段「{key}」不存在或不是数字' }),
  [definitionMessages.tableEmpty]: msg({ message: '子表「{label}」还没有列' }),
  [definitionMessages.tableCell]: msg({ message: '子表「{label}」不能包含「{type}」控件' }),
  [definitionMessages.billRuleMissing]: msg({ message: '单据编号「{label}」还没有选择单据规则' }),
  [definitionMessages.relationMissing]: msg({ message: '关联表单「{label}」还没有选择关联的功能和显示字段' }),
  [definitionMessages.rangeInvalid]: msg({ message: '字段「{label}」的最小值大于最大值' }),
  [definitionMessages.listColumn]: msg({ message: '列表列「{key}」不是表单中的字段' }),
  [definitionMessages.listSearch]: msg({ message: '查询字段「{key}」不能用于查询' }),
  [definitionMessages.listKeyword]: msg({ message: '关键词字段「{key}」必须是文本字段' }),
  [definitionMessages.listSort]: msg({ message: '排序字段「{key}」不能用于排序' }),
  [definitionMessages.listTree]: msg({ message: '左侧树的筛选字段「{key}」不正确' }),
  [definitionMessages.titleField]: msg({ message: '标题字段「{key}」必须是文本字段' }),
  [definitionMessages.noFields]: msg({ message: '表单还没有字段' }),
};

/** A problem in the UI language, its values filled in. */
export function problemText(p: Pick<DesignProblem, 'message' | 'params'>): string {
  const d = problemCatalog[p.message];
  if (d) return i18n._(Object.assign({}, d, { values: p.params }));
  return translateContractMessage(p.message) ?? p.message;
}

/** The message ids the catalog covers (for the test that every template is listed). */
export const problemTemplates = () => Object.keys(problemCatalog);

const RULE_NAMES: Record<FieldRuleName, MessageDescriptor> = {
  phone: msg`手机号码`,
  idCard: msg`身份证号码`,
  email: msg`电子邮箱`,
  plate: msg`车牌号`,
  chinese: msg`中文`,
  code: msg`编码（英文、数字和小数点）`,
  account: msg`数字和英文`,
  name: msg`名称（不含特殊符号）`,
  codeDigits: msg`纯数字编码`,
  halfHours: msg`时长（0.5 的倍数）`,
  positiveInteger: msg`正整数`,
  fixedPhone: msg`固定电话`,
  postcode: msg`邮政编码`,
  url: msg`网址`,
  percent: msg`百分比`,
  range01: msg`0 到 1 之间的数`,
  range010: msg`0 到 10 之间的数`,
  decimal17x2: msg`金额（17 位整数，2 位小数）`,
  commaNumbers: msg`逗号分隔的数字`,
  letterUnderscore: msg`字母、数字和下划线`,
  userName: msg`以字母开头的用户名`,
};
export const ruleName = (rule: FieldRuleName) => i18n._(RULE_NAMES[rule]);
export const RULE_OPTIONS = Object.keys(FIELD_RULES) as FieldRuleName[];

const CATEGORY_NAMES: Record<ModelCategory, MessageDescriptor> = {
  store: msg`门店运营`,
  customer: msg`客户管理`,
  product: msg`商品与样品`,
  office: msg`行政办公`,
  other: msg`其他`,
};
export const categoryName = (c: ModelCategory) => (CATEGORY_NAMES[c] ? i18n._(CATEGORY_NAMES[c]) : (MODEL_CATEGORY_NAMES[c] ?? c));

const BUTTON_NAMES: Record<ListButton, MessageDescriptor> = { btn_add: msg`新建`, btn_edit: msg`编辑`, btn_remove: msg`删除`, btn_export: msg`导出`, btn_detail: msg`详情` };
export const buttonName = (b: ListButton) => (BUTTON_NAMES[b] ? i18n._(BUTTON_NAMES[b]) : LIST_BUTTON_NAMES[b]);

const SYSTEM_NAMES: Record<string, MessageDescriptor> = {
  creatorTime: msg`创建时间`,
  lastModifyTime: msg`修改时间`,
  creatorUserId: msg`创建人`,
  lastModifyUserId: msg`修改人`,
  organizeId: msg`所属组织`,
};
/** A system column's name in the UI language (the contract's Chinese name otherwise). */
export const systemColumnName = (key: string) => (SYSTEM_NAMES[key] ? i18n._(SYSTEM_NAMES[key]) : ((SYSTEM_COLUMN_NAMES as Record<string, string>)[key] ?? key));
