import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { APPROVER_KIND_NAMES, CONDITION_OP_NAMES, NODE_TYPE_NAMES, type ApproverKind, type ConditionOp, type FlowNodeType } from '@/contracts/workflow-graph';
import { FLOW_CATEGORY_NAMES, type FlowCategory } from '@/contracts/workflow';
import { translateContractMessage } from '@/lib/contract-messages';

/**
 * The flow designer's translations of contract texts: the problems checkFlow writes (Chinese with
 * names and numbers filled in, src/contracts/workflow-graph.ts — matched here by their pattern and
 * given again with their values), the connection refusals, node types, approver kinds, condition
 * operators and categories. A text not listed is shown as it is.
 */

const problemPatterns: [RegExp, MessageDescriptor][] = [
  [/^节点不能超过(?<n>\d+)个$/, msg({ message: '节点不能超过{n}个' })],
  [/^连线不能超过(?<n>\d+)条$/, msg({ message: '连线不能超过{n}条' })],
  [/^节点标识重复：(?<id>.*)$/, msg({ message: '节点标识重复：{id}' })],
  [/^节点名称不能为空$/, msg`节点名称不能为空`],
  [/^只能有一个发起节点$/, msg`只能有一个发起节点`],
  [/^缺少发起节点$/, msg`缺少发起节点`],
  [/^缺少结束节点$/, msg`缺少结束节点`],
  [/^连线两端必须是节点$/, msg`连线两端必须是节点`],
  [/^节点不能连向自己$/, msg`节点不能连向自己`],
  [/^发起节点不能有连入的连线$/, msg`发起节点不能有连入的连线`],
  [/^结束节点不能有连出的连线$/, msg`结束节点不能有连出的连线`],
  [/^结束节点「(?<name>.*)」不能有连出的连线$/, msg({ message: '结束节点「{name}」不能有连出的连线' })],
  [/^条件节点「(?<name>.*)」至少需要两个分支$/, msg({ message: '条件节点「{name}」至少需要两个分支' })],
  [/^条件节点「(?<name>.*)」需要且只能有一个默认分支$/, msg({ message: '条件节点「{name}」需要且只能有一个默认分支' })],
  [/^条件节点「(?<name>.*)」的分支缺少条件$/, msg({ message: '条件节点「{name}」的分支缺少条件' })],
  [/^分支条件的字段不存在：(?<field>.*)$/, msg({ message: '分支条件的字段不存在：{field}' })],
  [/^分支条件的比较方式无效$/, msg`分支条件的比较方式无效`],
  [/^一个分支最多(?<n>\d+)个条件$/, msg({ message: '一个分支最多{n}个条件' })],
  [/^节点「(?<name>.*)」只能有一条连出的连线$/, msg({ message: '节点「{name}」只能有一条连出的连线' })],
  [/^节点「(?<name>.*)」没有连出的连线$/, msg({ message: '节点「{name}」没有连出的连线' })],
  [/^审批节点「(?<name>.*)」未设置审批人$/, msg({ message: '审批节点「{name}」未设置审批人' })],
  [/^审批节点「(?<name>.*)」未选择审批人$/, msg({ message: '审批节点「{name}」未选择审批人' })],
  [/^审批节点「(?<name>.*)」的审批人不能超过(?<n>\d+)个$/, msg({ message: '审批节点「{name}」的审批人不能超过{n}个' })],
  [/^审批节点「(?<name>.*)」未设置审批方式$/, msg({ message: '审批节点「{name}」未设置审批方式' })],
  [/^审批节点「(?<name>.*)」可编辑的字段不存在：(?<field>.*)$/, msg({ message: '审批节点「{name}」可编辑的字段不存在：{field}' })],
  [/^抄送节点「(?<name>.*)」未选择抄送人$/, msg({ message: '抄送节点「{name}」未选择抄送人' })],
  [/^抄送节点「(?<name>.*)」的抄送人不能超过(?<n>\d+)个$/, msg({ message: '抄送节点「{name}」的抄送人不能超过{n}个' })],
  [/^流程中不能有回路$/, msg`流程中不能有回路`],
  [/^节点「(?<name>.*)」无法从发起节点到达$/, msg({ message: '节点「{name}」无法从发起节点到达' })],
  [/^节点「(?<name>.*)」无法到达结束节点$/, msg({ message: '节点「{name}」无法到达结束节点' })],
  [/^只有条件节点可以有多条连出的连线$/, msg`只有条件节点可以有多条连出的连线`],
  [/^这两个节点之间已有连线$/, msg`这两个节点之间已有连线`],
  [/^请选择流程表单$/, msg`请选择流程表单`],
];

/** A problem (or refusal) of the contract in the UI language. */
export function problemText(message: string): string {
  for (const [pattern, d] of problemPatterns) {
    const m = pattern.exec(message);
    if (m) return i18n._(Object.assign({}, d, { values: { ...m.groups } }));
  }
  return translateContractMessage(message) ?? message;
}

/** The patterns (for the test that every checkFlow message is covered). */
export const problemPatternList = () => problemPatterns.map(([p]) => p);

const TYPE_NAMES: Record<FlowNodeType, MessageDescriptor> = { start: msg`发起`, approver: msg`审批`, condition: msg`条件`, circulate: msg`抄送`, end: msg`结束` };
export const nodeTypeName = (t: FlowNodeType) => (TYPE_NAMES[t] ? i18n._(TYPE_NAMES[t]) : NODE_TYPE_NAMES[t]);

const KIND_NAMES: Record<ApproverKind, MessageDescriptor> = { user: msg`指定成员`, role: msg`指定角色`, position: msg`指定岗位`, deptHead: msg`发起人部门主管`, launcherChoice: msg`发起人自选` };
export const approverKindName = (k: ApproverKind) => (KIND_NAMES[k] ? i18n._(KIND_NAMES[k]) : APPROVER_KIND_NAMES[k]);

const OP_NAMES: Record<ConditionOp, MessageDescriptor> = { eq: msg`等于`, ne: msg`不等于`, gt: msg`大于`, ge: msg`大于等于`, lt: msg`小于`, le: msg`小于等于`, contains: msg`包含` };
export const opName = (op: ConditionOp) => (OP_NAMES[op] ? i18n._(OP_NAMES[op]) : CONDITION_OP_NAMES[op]);

const CATEGORY_NAMES: Record<FlowCategory, MessageDescriptor> = { store: msg`门店业务`, office: msg`行政办公`, hr: msg`人事`, finance: msg`财务`, other: msg`其他` };
export const flowCategoryName = (c: FlowCategory) => (CATEGORY_NAMES[c] ? i18n._(CATEGORY_NAMES[c]) : (FLOW_CATEGORY_NAMES[c] ?? c));

/** 或签 (one of them decides) / 会签 (all of them). */
export const modeName = (mode: 'any' | 'all' | undefined) => (mode === 'all' ? i18n._(msg`会签`) : i18n._(msg`或签`));
