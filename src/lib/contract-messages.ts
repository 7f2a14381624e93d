import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';

/**
 * Translations of the shared validation messages (src/contracts), which are plain Chinese strings
 * so the server can use them too. Each is listed here once so Lingui extracts it.
 */
const catalog: Record<string, MessageDescriptor> = {
  '请正确输入您的手机号': msg`请正确输入您的手机号`,
  '6-16位字符的密码（数字和字母组成）': msg`6-16位字符的密码（数字和字母组成）`,
  '请正确输入您的身份证号码': msg`请正确输入您的身份证号码`,
  '请正确输入您的邮箱地址': msg`请正确输入您的邮箱地址`,
  '请正确输入您的车牌号': msg`请正确输入您的车牌号`,
  '请正确输入中文': msg`请正确输入中文`,
  '编码只能输入英文、数字和小数点且小数点不能放在首尾': msg`编码只能输入英文、数字和小数点且小数点不能放在首尾`,
  '只能输入数字英文': msg`只能输入数字英文`,
  '名称不能含有特殊符号': msg`名称不能含有特殊符号`,
  '编码只能输入数字': msg`编码只能输入数字`,
  '时间只能是整数和0.5的倍数': msg`时间只能是整数和0.5的倍数`,
  '请输入正整数': msg`请输入正整数`,
  '姓名不能为空': msg`姓名不能为空`,
  '姓名长度不能超过50个字符': msg`姓名长度不能超过50个字符`,
  '长度不能超过500个字符': msg`长度不能超过500个字符`,
  '请上传jpg/png/jpeg格式的文件': msg`请上传jpg/png/jpeg格式的文件`,
  '单个文件最大为20M': msg`单个文件最大为20M`,
  '文件内容不是有效的jpg/png/jpeg图片': msg`文件内容不是有效的jpg/png/jpeg图片`,
  '请选择要上传的文件': msg`请选择要上传的文件`,
  '本机': msg`本机`,
  '内网': msg`内网`,
  '未知': msg`未知`,
};

export function translateContractMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const d = catalog[message];
  return d ? i18n._(d) : message;
}
