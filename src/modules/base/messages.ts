import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { translateContractMessage } from '@/lib/contract-messages';

/**
 * Translations of the validation messages of the base-data contracts (src/contracts/common.ts and
 * base.ts): plain Chinese strings shared with the server, listed here once so Lingui extracts them.
 * Anything else goes to the shared catalog (spec 5.1 rules).
 */
const catalog: Record<string, MessageDescriptor> = {
  'ID不能为空': msg`ID不能为空`,
  'ID格式不正确': msg`ID格式不正确`,
  '名称不能为空': msg`名称不能为空`,
  '名称长度不能超过50个字符': msg`名称长度不能超过50个字符`,
  '编码不能为空': msg`编码不能为空`,
  '编码长度不能超过50个字符': msg`编码长度不能超过50个字符`,
  '编码长度不能超过20个字符': msg`编码长度不能超过20个字符`,
  '说明长度不能超过500个字符': msg`说明长度不能超过500个字符`,
  '排序必须是整数': msg`排序必须是整数`,
  '排序不能小于0': msg`排序不能小于0`,
  '排序不能大于999999': msg`排序不能大于999999`,
  '前缀长度不能超过20个字符': msg`前缀长度不能超过20个字符`,
  '前缀只能输入英文、数字、下划线和中划线': msg`前缀只能输入英文、数字、下划线和中划线`,
  '日期格式不正确': msg`日期格式不正确`,
  '流水位数必须是整数': msg`流水位数必须是整数`,
  '流水位数只能是1到12': msg`流水位数只能是1到12`,
  '起始值必须是整数': msg`起始值必须是整数`,
  '起始值不能小于0': msg`起始值不能小于0`,
  '起始值超出流水位数': msg`起始值超出流水位数`,
  '重置周期不正确': msg`重置周期不正确`,
};

/** A contract (or server) message in the UI language; unknown texts are shown as they are. */
export function baseMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const d = catalog[message];
  return d ? i18n._(d) : translateContractMessage(message);
}
