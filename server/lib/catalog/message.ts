/** Messages of the message module (notices, system messages, the user's message list). */
export const messageMessages: Record<string, { en: string; 'zh-TW': string }> = {
  '系统': { en: 'System', 'zh-TW': '系統' },
  '消息不存在': { en: 'The message does not exist', 'zh-TW': '消息不存在' },
  '公告不存在': { en: 'The notice does not exist', 'zh-TW': '公告不存在' },
  '发布成功': { en: 'Released', 'zh-TW': '發布成功' },
  '已发布的公告不能修改': { en: 'A released notice cannot be changed', 'zh-TW': '已發布的公告不能修改' },
  '该公告已发布': { en: 'This notice has already been released', 'zh-TW': '該公告已發布' },
  '接收人不存在': { en: 'A recipient does not exist', 'zh-TW': '接收人不存在' },
  '消息类型不正确': { en: 'Unknown message type', 'zh-TW': '消息類型不正確' },
  '标题不能为空': { en: 'Title is required', 'zh-TW': '標題不能為空' },
  '标题长度不能超过{max}个字符': { en: 'Title must be at most {max} characters', 'zh-TW': '標題長度不能超過{max}個字符' },
  '内容不能为空': { en: 'Content is required', 'zh-TW': '內容不能為空' },
  '内容过长': { en: 'The content is too long', 'zh-TW': '內容過長' },
  '接收人不能超过{max}个': { en: 'At most {max} recipients', 'zh-TW': '接收人不能超過{max}個' },
  '请选择要删除的消息': { en: 'Please choose the messages to delete', 'zh-TW': '請選擇要刪除的消息' },
  '一次最多删除{max}条消息': { en: 'At most {max} messages can be deleted at once', 'zh-TW': '一次最多刪除{max}條消息' },
};
