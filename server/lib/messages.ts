/**
 * Server message catalog: Chinese source text → English and traditional Chinese. Placeholders
 * `{name}` are filled after translation. A test checks that every message the server can send
 * has both translations.
 */
import { directoryMessages } from './catalog/directory';
import { baseMessages } from './catalog/base';
import { orgMessages } from './catalog/org';
import { messageMessages } from './catalog/message';
import { chatCatalog } from './catalog/chat';
import { h5Catalog } from './catalog/h5';
import { h5PublishCatalog } from './catalog/h5-publish';
import { onlineDevCatalog } from './catalog/online-dev';
import { workflowCatalog } from './catalog/workflow';

export const serverMessages: Record<string, { en: string; 'zh-TW': string }> = {
  ...directoryMessages,
  ...baseMessages,
  ...orgMessages,
  ...messageMessages,
  ...chatCatalog,
  ...h5Catalog,
  ...h5PublishCatalog,
  ...onlineDevCatalog,
  ...workflowCatalog,
  '操作成功': { en: 'Success', 'zh-TW': '操作成功' },
  '登录成功': { en: 'Signed in', 'zh-TW': '登錄成功' },
  '退出成功': { en: 'Signed out', 'zh-TW': '退出成功' },
  '解锁成功': { en: 'Unlocked', 'zh-TW': '解鎖成功' },
  '修改成功': { en: 'Saved', 'zh-TW': '修改成功' },
  '客户端认证失败': { en: 'Client authentication failed', 'zh-TW': '客戶端認證失敗' },
  '账户或密码错误': { en: 'Wrong account or password', 'zh-TW': '賬戶或密碼錯誤' },
  '账户已被禁用，请联系管理员': { en: 'This account is disabled. Please contact the administrator.', 'zh-TW': '賬戶已被禁用，請聯繫管理員' },
  '登录失败次数过多，请{minutes}分钟后再试': {
    en: 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
    'zh-TW': '登錄失敗次數過多，請{minutes}分鐘後再試',
  },
  '登录过期,请重新登录': { en: 'Your session has expired. Please sign in again.', 'zh-TW': '登錄過期,請重新登錄' },
  '登录信息无效,请重新登录': { en: 'Your sign-in is not valid. Please sign in again.', 'zh-TW': '登錄信息無效,請重新登錄' },
  '登录已失效,请重新登录': { en: 'Your sign-in has been revoked. Please sign in again.', 'zh-TW': '登錄已失效,請重新登錄' },
  '您的权限不足，请联系管理员': { en: 'You do not have permission. Please contact the administrator.', 'zh-TW': '您的權限不足，請聯繫管理員' },
  '请求的资源不存在': { en: 'The requested resource does not exist', 'zh-TW': '請求的資源不存在' },
  '接口不存在': { en: 'No such API', 'zh-TW': '接口不存在' },
  '请求格式不正确': { en: 'The request is malformed', 'zh-TW': '請求格式不正確' },
  '路径参数格式不正确': { en: 'Invalid path parameter', 'zh-TW': '路徑參數格式不正確' },
  '请求内容含有不允许的字符': { en: 'The request contains a character that is not allowed', 'zh-TW': '請求內容含有不允許的字符' },
  '请求内容过大': { en: 'The request is too large', 'zh-TW': '請求內容過大' },
  '服务器错误，请稍后重试': { en: 'Server error. Please try again later.', 'zh-TW': '服務器錯誤，請稍後重試' },
  '请求过于频繁，请稍后再试': { en: 'Too many requests. Please slow down.', 'zh-TW': '請求過於頻繁，請稍後再試' },
  '账户与当前登录用户不一致': { en: 'This account is not the signed-in user', 'zh-TW': '賬戶與當前登錄用戶不一致' },
  '原密码错误': { en: 'The current password is wrong', 'zh-TW': '原密碼錯誤' },
  '新密码不能与原密码相同': { en: 'The new password must differ from the current one', 'zh-TW': '新密碼不能與原密碼相同' },
  // offline writes: Idempotency-Key, If-Match
  'Idempotency-Key格式不正确，应为26位ULID': {
    en: 'Invalid Idempotency-Key: expected a 26-character ULID',
    'zh-TW': 'Idempotency-Key格式不正確，應為26位ULID',
  },
  '该Idempotency-Key已用于另一个请求': {
    en: 'This Idempotency-Key was already used for a different request',
    'zh-TW': '該Idempotency-Key已用於另一個請求',
  },
  'If-Match格式不正确，应为版本号': { en: 'Invalid If-Match: expected a version number', 'zh-TW': 'If-Match格式不正確，應為版本號' },
  '数据已被他人修改，请刷新后重试': {
    en: 'The data was changed by someone else. Please refresh and try again.',
    'zh-TW': '數據已被他人修改，請刷新後重試',
  },
  // files (spec 5.3, 7.8)
  '上传成功': { en: 'Uploaded', 'zh-TW': '上傳成功' },
  '请上传jpg/png/jpeg格式的文件': { en: 'Please upload a jpg, png or jpeg file', 'zh-TW': '請上傳jpg/png/jpeg格式的文件' },
  '单个文件最大为20M': { en: 'Each file must be under 20 MB', 'zh-TW': '單個文件最大為20M' },
  '文件内容不是有效的jpg/png/jpeg图片': {
    en: 'The file content is not a valid jpg, png or jpeg image',
    'zh-TW': '文件內容不是有效的jpg/png/jpeg圖片',
  },
  '请选择要上传的文件': { en: 'Please choose a file to upload', 'zh-TW': '請選擇要上傳的文件' },
  '文件类别不正确': { en: 'Unknown file category', 'zh-TW': '文件類別不正確' },
  '文件不存在': { en: 'The file does not exist', 'zh-TW': '文件不存在' },
  '只能使用本人上传的头像': { en: 'You can only use an avatar you uploaded yourself', 'zh-TW': '只能使用本人上傳的頭像' },
  // validation
  '{field}不能为空': { en: '{field} is required', 'zh-TW': '{field}不能為空' },
  '{field}格式不正确': { en: '{field} has an invalid format', 'zh-TW': '{field}格式不正確' },
  '{field}长度不能超过{max}个字符': { en: '{field} must be at most {max} characters', 'zh-TW': '{field}長度不能超過{max}個字符' },
  '账户不能为空': { en: 'Account is required', 'zh-TW': '賬戶不能為空' },
  '账户长度不能超过{max}个字符': { en: 'Account must be at most {max} characters', 'zh-TW': '賬戶長度不能超過{max}個字符' },
  '密码不能为空': { en: 'Password is required', 'zh-TW': '密碼不能為空' },
  '密码格式不正确': { en: 'The password is not correctly encoded', 'zh-TW': '密碼格式不正確' },
  '客户端标识不正确': { en: 'Missing client id', 'zh-TW': '客戶端標識不正確' },
  '客户端密钥不正确': { en: 'Missing client secret', 'zh-TW': '客戶端密鑰不正確' },
  '授权范围不正确': { en: 'Missing scope', 'zh-TW': '授權範圍不正確' },
  '授权类型不正确': { en: 'Missing grant type', 'zh-TW': '授權類型不正確' },
  '主题不能为空': { en: 'Theme is required', 'zh-TW': '主題不能為空' },
  '语言不正确': { en: 'Unsupported language', 'zh-TW': '語言不正確' },
  '姓名不能为空': { en: 'Name is required', 'zh-TW': '姓名不能為空' },
  '姓名长度不能超过{max}个字符': { en: 'Name must be at most {max} characters', 'zh-TW': '姓名長度不能超過{max}個字符' },
  '性别不正确': { en: 'Invalid gender', 'zh-TW': '性別不正確' },
  '长度不能超过{max}个字符': { en: 'Must be at most {max} characters', 'zh-TW': '長度不能超過{max}個字符' },
  '新密码不能为空': { en: 'New password is required', 'zh-TW': '新密碼不能為空' },
  '头像名称不正确': { en: 'Invalid avatar name', 'zh-TW': '頭像名稱不正確' },
  '名称不能含有特殊符号': { en: 'The name must not contain special symbols', 'zh-TW': '名稱不能含有特殊符號' },
  '请正确输入您的手机号': { en: 'Please enter a valid mobile number', 'zh-TW': '請正確輸入您的手機號' },
  '请正确输入您的邮箱地址': { en: 'Please enter a valid e-mail address', 'zh-TW': '請正確輸入您的郵箱地址' },
  '6-16位字符的密码（数字和字母组成）': {
    en: 'Password of 6-16 characters (letters and digits)',
    'zh-TW': '6-16位字符的密碼（數字和字母組成）',
  },
  // field labels
  账户: { en: 'Account', 'zh-TW': '賬戶' },
  密码: { en: 'Password', 'zh-TW': '密碼' },
  字段: { en: 'Field', 'zh-TW': '字段' },
  // address names
  本机: { en: 'This machine', 'zh-TW': '本機' },
  内网: { en: 'Local network', 'zh-TW': '內網' },
  未知: { en: 'Unknown', 'zh-TW': '未知' },
};

export type ServerLang = 'zh-CN' | 'en' | 'zh-TW';

/** Picks the answer language from Accept-Language (zh-CN by default). */
export function requestLanguage(header: string | undefined): ServerLang {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first === 'zh-tw' || first === 'zh-hk' || first.startsWith('zh-hant')) return 'zh-TW';
  return 'zh-CN';
}

export function translate(source: string, lang: ServerLang, params: Record<string, string | number> = {}): string {
  const entry = lang === 'zh-CN' ? undefined : serverMessages[source];
  const template = entry ? entry[lang === 'en' ? 'en' : 'zh-TW'] : source;
  const translatedParams = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? translate(v, lang) : v]),
  );
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in translatedParams ? String(translatedParams[key]) : m));
}
