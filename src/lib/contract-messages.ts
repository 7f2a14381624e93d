import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';

/**
 * Translations of the shared validation messages (src/contracts), which are plain Chinese strings
 * so the server can use them too. Each is listed here once so Lingui extracts it; messages built
 * from a limit (`名称长度不能超过${NAME_MAX}个字符`) are listed with the number in place, as the
 * schemas give them. contract-messages.test.ts checks that every `error:` of src/contracts is here.
 */
const catalog: Record<string, MessageDescriptor> = {
  // validation.ts: the spec 5.1 rules
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

  // common.ts: ids, names, codes, descriptions, sort codes, list queries
  'ID不能为空': msg`ID不能为空`,
  'ID格式不正确': msg`ID格式不正确`,
  '名称不能为空': msg`名称不能为空`,
  '名称长度不能超过50个字符': msg`名称长度不能超过50个字符`,
  '编码不能为空': msg`编码不能为空`,
  '编码长度不能超过50个字符': msg`编码长度不能超过50个字符`,
  '说明长度不能超过500个字符': msg`说明长度不能超过500个字符`,
  '排序必须是整数': msg`排序必须是整数`,
  '排序不能小于0': msg`排序不能小于0`,
  '排序不能大于999999': msg`排序不能大于999999`,
  '每页条数不正确': msg`每页条数不正确`,
  '页码不正确': msg`页码不正确`,
  '关键词长度不能超过50个字符': msg`关键词长度不能超过50个字符`,

  // auth.ts: sign-in, session, profile
  '账户不能为空': msg`账户不能为空`,
  '账户长度不能超过50个字符': msg`账户长度不能超过50个字符`,
  '密码不能为空': msg`密码不能为空`,
  '密码格式不正确': msg`密码格式不正确`,
  '新密码不能为空': msg`新密码不能为空`,
  '客户端标识不正确': msg`客户端标识不正确`,
  '客户端密钥不正确': msg`客户端密钥不正确`,
  '授权范围不正确': msg`授权范围不正确`,
  '授权类型不正确': msg`授权类型不正确`,
  '主题不能为空': msg`主题不能为空`,
  '语言不正确': msg`语言不正确`,
  '姓名不能为空': msg`姓名不能为空`,
  '姓名长度不能超过50个字符': msg`姓名长度不能超过50个字符`,
  '性别不正确': msg`性别不正确`,
  '长度不能超过500个字符': msg`长度不能超过500个字符`,
  '头像名称不正确': msg`头像名称不正确`,

  // org.ts: users and roles
  '入职日期格式不正确': msg`入职日期格式不正确`,
  '数据权限范围不正确': msg`数据权限范围不正确`,

  // online-dev-schemas.ts: the model designer's definitions, records and the list query
  '标题长度不能超过50个字符': msg`标题长度不能超过50个字符`,
  '选项名称不能为空': msg`选项名称不能为空`,
  '选项值不能为空': msg`选项值不能为空`,
  '控件类型不正确': msg`控件类型不正确`,
  '分类不正确': msg`分类不正确`,
  '数据不能为空': msg`数据不能为空`,
  '查询条件过长': msg`查询条件过长`,

  // base.ts: areas, regions, bill rules and reserved numbers
  '编码长度不能超过20个字符': msg`编码长度不能超过20个字符`,
  '级别不正确': msg`级别不正确`,
  '级别只能是1到3': msg`级别只能是1到3`,
  '上级不能为空': msg`上级不能为空`,
  '上级格式不正确': msg`上级格式不正确`,
  '前缀长度不能超过20个字符': msg`前缀长度不能超过20个字符`,
  '前缀只能输入英文、数字、下划线和中划线': msg`前缀只能输入英文、数字、下划线和中划线`,
  '日期格式不正确': msg`日期格式不正确`,
  '流水位数必须是整数': msg`流水位数必须是整数`,
  '流水位数只能是1到12': msg`流水位数只能是1到12`,
  '起始值必须是整数': msg`起始值必须是整数`,
  '起始值不能小于0': msg`起始值不能小于0`,
  '起始值超出流水位数': msg`起始值超出流水位数`,
  '重置周期不正确': msg`重置周期不正确`,
  '日期格式必须包含重置周期': msg`日期格式必须包含重置周期`,
  '数量不正确': msg`数量不正确`,
  '一次最多预留100个单号': msg`一次最多预留100个单号`,
  '设备标识不正确': msg`设备标识不正确`,
  '单号范围不正确': msg`单号范围不正确`,

  // files.ts: uploads (spec 5.3)
  '请上传jpg/png/jpeg格式的文件': msg`请上传jpg/png/jpeg格式的文件`,
  '单个文件最大为20M': msg`单个文件最大为20M`,
  '文件内容不是有效的jpg/png/jpeg图片': msg`文件内容不是有效的jpg/png/jpeg图片`,
  '请选择要上传的文件': msg`请选择要上传的文件`,

  // message.ts: notices, message lists, the websocket logout (spec 8)
  '消息类型不正确': msg`消息类型不正确`,
  '标题不能为空': msg`标题不能为空`,
  '标题长度不能超过100个字符': msg`标题长度不能超过100个字符`,
  '内容不能为空': msg`内容不能为空`,
  '内容过长': msg`内容过长`,
  '接收人不能超过5000个': msg`接收人不能超过5000个`,
  '请选择要删除的消息': msg`请选择要删除的消息`,
  '一次最多删除500条消息': msg`一次最多删除500条消息`,
  '登录过期,请重新登录': msg`登录过期,请重新登录`,

  // chat.ts: chat messages and images (spec 5.3, 5.4, 8)
  '图片大小不能超过5M': msg`图片大小不能超过5M`,
  '只能发送图片文件': msg`只能发送图片文件`,
  '文件内容不是有效的图片': msg`文件内容不是有效的图片`,
  '消息内容不能为空': msg`消息内容不能为空`,
  '消息不能超过2000个字符': msg`消息不能超过2000个字符`,
  '接收人不存在': msg`接收人不存在`,
  '无权查看该会话': msg`无权查看该会话`,
  '消息编号重复': msg`消息编号重复`,
  '图片不存在或无权使用': msg`图片不存在或无权使用`,

  // h5.ts: the page builder (spec 5.4, 7.1, 7.9); the last-page message is the spec's English text, shown as is
  '描述长度不能超过500个字符': msg`描述长度不能超过500个字符`,
  '作品数据过大，不能超过5M': msg`作品数据过大，不能超过5M`,
  '作品中的元素格式不正确': msg`作品中的元素格式不正确`,
  '作品不存在或已删除': msg`作品不存在或已删除`,
  '作品已在别处修改': msg`作品已在别处修改`,
  '请求签名无效': msg`请求签名无效`,
  '请求签名已过期，请检查设备时间': msg`请求签名已过期，请检查设备时间`,
  '图片不存在或已删除': msg`图片不存在或已删除`,
  '请上传jpg/jpeg/png/gif/webp格式的图片': msg`请上传jpg/jpeg/png/gif/webp格式的图片`,
  '作品编号已被使用': msg`作品编号已被使用`,

  // h5-publish.ts: published pages' form submissions
  '表单字段格式不正确': msg`表单字段格式不正确`,
  '表单字段过多': msg`表单字段过多`,

  // workflow.ts: flows, launches and decisions
  '节点类型不正确': msg`节点类型不正确`,
  '节点名称不能超过30个字符': msg`节点名称不能超过30个字符`,
  '状态不正确': msg`状态不正确`,
  '紧急程度不正确': msg`紧急程度不正确`,
  '审批意见不能超过100个字符': msg`审批意见不能超过100个字符`,
  '请选择审批人员': msg`请选择审批人员`,

  // Address names of the sign-in log
  '本机': msg`本机`,
  '内网': msg`内网`,
  '未知': msg`未知`,
};

/** Whether `message` is a shared contract message this catalog translates. */
export function isContractMessage(message: string): boolean {
  return Object.hasOwn(catalog, message);
}

/** The source descriptor of a contract message, or undefined when not in the catalog. */
export function contractMessageDescriptor(message: string): MessageDescriptor | undefined {
  return isContractMessage(message) ? catalog[message] : undefined;
}

/** A contract (or server) message in the UI language; unknown texts are given as they are. */
export function translateContractMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const d = contractMessageDescriptor(message);
  return d ? i18n._(d) : message;
}
