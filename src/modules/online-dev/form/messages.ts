import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fillIssue } from '@/contracts/online-dev-record';
import { contractMessageDescriptor } from '@/lib/contract-messages';

/**
 * The words of the online-development record checks (src/contracts/online-dev-record.ts), the field
 * rules of spec 5.1 (FIELD_RULES of online-dev-model.ts) and the upload rules of spec 5.3, in the UI
 * language (the spec 5.1 rules and the image rule with the shared validation messages). The contracts give a template (a Chinese source text with `{…}` values, or a spec
 * message id such as `not empty`) and its values; each template is listed here once so Lingui
 * extracts it. A spec message id keeps its words as the message's id, with the Chinese text as the
 * source (zh-CN shows 不能为空; the English catalog gives the spec's words back).
 * messages.test.ts checks that every template of the contracts is here or among the shared ones.
 */
const catalog: Record<string, MessageDescriptor> = {
  // recordMessages
  '{label}不能为空': msg({ message: '{label}不能为空' }),
  '{label}长度不能超过{max}个字符': msg({ message: '{label}长度不能超过{max}个字符' }),
  '{label}长度不能少于{min}个字符': msg({ message: '{label}长度不能少于{min}个字符' }),
  '{label}必须是数字': msg({ message: '{label}必须是数字' }),
  '{label}不能小于{min}': msg({ message: '{label}不能小于{min}' }),
  '{label}不能大于{max}': msg({ message: '{label}不能大于{max}' }),
  '{label}最多{precision}位小数': msg({ message: '{label}最多{precision}位小数' }),
  '{label}的选项不正确': msg({ message: '{label}的选项不正确' }),
  '{label}格式不正确': msg({ message: '{label}格式不正确' }),
  '{label}最多{max}行': msg({ message: '{label}最多{max}行' }),
  // Spec 4, 5.4: an input table's invalid required cell.
  'not empty': msg({ id: 'not empty', message: '不能为空' }),
  // Spec 5.3: counts and the generic file's size.
  'at most {limit} pictures may be uploaded': msg({ id: 'at most {limit} pictures may be uploaded', message: '最多只能上传{limit}张图片' }),
  'at most {limit} files may be uploaded': msg({ id: 'at most {limit} files may be uploaded', message: '最多只能上传{limit}个文件' }),
  'file size exceeds {size}{unit}': msg({ id: 'file size exceeds {size}{unit}', message: '文件大小超过{size}{unit}' }),
  // The image rule's messages (type, size, content) are the shared ones of src/lib/contract-messages.ts.
  '请上传正确的视频格式': msg`请上传正确的视频格式`,
  '单个文件最大为50M': msg`单个文件最大为50M`,

  // FIELD_RULES: the rules of spec 5.1 are the shared ones (src/lib/contract-messages.ts); the generic ones
  '请正确输入固定电话': msg`请正确输入固定电话`,
  '请正确输入邮政编码': msg`请正确输入邮政编码`,
  '请正确输入网址': msg`请正确输入网址`,
  '请正确输入百分比': msg`请正确输入百分比`,
  '请输入0到1之间的数': msg`请输入0到1之间的数`,
  '请输入0到10之间的数': msg`请输入0到10之间的数`,
  '整数最多17位，小数最多2位': msg`整数最多17位，小数最多2位`,
  '请输入以英文逗号分隔的数字': msg`请输入以英文逗号分隔的数字`,
  '只能输入字母、数字和下划线': msg`只能输入字母、数字和下划线`,
  '用户名必须以字母开头': msg`用户名必须以字母开头`,
};

/** The translation of `template`: listed here, or one of the shared validation messages. */
const descriptorOf = (template: string) => (Object.hasOwn(catalog, template) ? catalog[template] : contractMessageDescriptor(template));

/** Whether `template` is one of the templates translated (here or with the shared validation messages). */
export const isFormMessage = (template: string): boolean => descriptorOf(template) !== undefined;

/**
 * A check's message in the UI language with its values filled in. A template not listed here (a
 * server's own text) is filled as it is.
 */
export function translateIssue(template: string, params: Readonly<Record<string, string | number>> = {}): string {
  const d = descriptorOf(template);
  return d ? i18n._(Object.assign({}, d, { values: { ...params } })) : fillIssue(template, params);
}
