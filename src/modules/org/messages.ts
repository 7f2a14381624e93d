import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateContractMessage } from '@/lib/contract-messages';

/**
 * Translations of the messages the shared directory schemas (src/contracts/org.ts, common.ts) give
 * under form fields. They are plain Chinese source texts so the server can give them too; each is
 * listed here once so Lingui extracts it. The spec 5.1 rule messages are translated by
 * translateContractMessage.
 */
const catalog: Record<string, MessageDescriptor> = {
  名称不能为空: msg`名称不能为空`,
  编码不能为空: msg`编码不能为空`,
  账户不能为空: msg`账户不能为空`,
  密码不能为空: msg`密码不能为空`,
  新密码不能为空: msg`新密码不能为空`,
  排序必须是整数: msg`排序必须是整数`,
  排序不能小于0: msg`排序不能小于0`,
  排序不能大于999999: msg`排序不能大于999999`,
  性别不正确: msg`性别不正确`,
  入职日期格式不正确: msg`入职日期格式不正确`,
};

const FIELD_NAMES: Record<string, MessageDescriptor> = {
  名称: msg`名称`,
  编码: msg`编码`,
  账户: msg`账户`,
  说明: msg`说明`,
};

/** A field message of a shared schema in the UI language (unknown ones as they are). */
export function fieldMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const known = catalog[message];
  if (known) return i18n._(known);
  const tooLong = /^(.+)长度不能超过(\d+)个字符$/.exec(message);
  if (tooLong) {
    const field = FIELD_NAMES[tooLong[1]!];
    const name = field ? i18n._(field) : tooLong[1]!;
    const max = tooLong[2]!;
    return i18n._(msg`${name}长度不能超过${max}个字符`);
  }
  return translateContractMessage(message);
}
