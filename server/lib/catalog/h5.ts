/** Messages of the campaign-page builder (src/contracts/h5.ts h5Messages and the work schemas; spec 5.4). */
export const h5Catalog: Record<string, { en: string; 'zh-TW': string }> = {
  '作品数据过大，不能超过5M': { en: 'The work is too large: at most 5 MB', 'zh-TW': '作品數據過大，不能超過5M' },
  '作品中的元素格式不正确': { en: 'An element of the work is malformed', 'zh-TW': '作品中的元素格式不正確' },
  '作品中的元素格式不正确：{path}': { en: 'An element of the work is malformed: {path}', 'zh-TW': '作品中的元素格式不正確：{path}' },
  '作品不存在或已删除': { en: 'The work does not exist or was deleted', 'zh-TW': '作品不存在或已刪除' },
  '作品已在别处修改': { en: 'The work was changed elsewhere', 'zh-TW': '作品已在別處修改' },
  '请求签名无效': { en: 'The request signature is not valid', 'zh-TW': '請求簽名無效' },
  '请求签名已过期，请检查设备时间': {
    en: 'The request signature has expired. Please check the device clock.',
    'zh-TW': '請求簽名已過期，請檢查設備時間',
  },
  '图片不存在或已删除': { en: 'The image does not exist or was deleted', 'zh-TW': '圖片不存在或已刪除' },
  '请上传jpg/jpeg/png/gif/webp格式的图片': { en: 'Please upload a jpg, jpeg, png, gif or webp image', 'zh-TW': '請上傳jpg/jpeg/png/gif/webp格式的圖片' },
  '作品编号已被使用': { en: 'This work id is already in use', 'zh-TW': '作品編號已被使用' },
  '描述长度不能超过{max}个字符': { en: 'Description must be at most {max} characters', 'zh-TW': '描述長度不能超過{max}個字符' },
  /** DEFAULT_WORK_TITLE: stored as a work's title, never sent as a message (listed for the catalog test). */
  标题: { en: 'Title', 'zh-TW': '標題' },
  'at least one page must be kept in the work': { en: 'at least one page must be kept in the work', 'zh-TW': '作品中至少要保留一個頁面' },
};
