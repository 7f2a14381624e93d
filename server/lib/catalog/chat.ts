/** Messages of staff chat and chat images (src/contracts/chat.ts chatMessages; spec 5.3, 8). */
export const chatCatalog: Record<string, { en: string; 'zh-TW': string }> = {
  '图片大小不能超过5M': { en: 'The image must be under 5 MB', 'zh-TW': '圖片大小不能超過5M' },
  '只能发送图片文件': { en: 'Only image files can be sent', 'zh-TW': '只能發送圖片文件' },
  '文件内容不是有效的图片': { en: 'The file content is not a valid image', 'zh-TW': '文件內容不是有效的圖片' },
  '消息内容不能为空': { en: 'The message is empty', 'zh-TW': '消息內容不能為空' },
  '消息不能超过{max}个字符': { en: 'A message can be at most {max} characters', 'zh-TW': '消息不能超過{max}個字符' },
  '无权查看该会话': { en: 'You are not part of this conversation', 'zh-TW': '無權查看該會話' },
  '消息编号重复': { en: 'This message id was already used for another message', 'zh-TW': '消息編號重複' },
  '图片不存在或无权使用': { en: 'The image does not exist or is not yours to send', 'zh-TW': '圖片不存在或無權使用' },
};
