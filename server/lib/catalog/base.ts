/** Messages of the base-data module (areas, dictionaries, bill rules, regions). */
export const baseMessages: Record<string, { en: string; 'zh-TW': string }> = {
  '新建成功': { en: 'Created', 'zh-TW': '新建成功' },
  '删除成功': { en: 'Deleted', 'zh-TW': '刪除成功' },
  '记录已存在': { en: 'This record already exists', 'zh-TW': '記錄已存在' },
  '上级不存在': { en: 'The parent does not exist', 'zh-TW': '上級不存在' },
  '上级不能是自己或自己的下级': { en: 'The parent cannot be the item itself or one below it', 'zh-TW': '上級不能是自己或自己的下級' },
  '该区域下有下级区域，不能删除': { en: 'This area has sub-areas and cannot be deleted', 'zh-TW': '該區域下有下級區域，不能刪除' },
  '行政区划最多三级': { en: 'Areas can be at most three levels deep', 'zh-TW': '行政區劃最多三級' },
  '字典分类不存在': { en: 'The dictionary category does not exist', 'zh-TW': '字典分類不存在' },
  '该字典分类下有数据，不能删除': {
    en: 'This dictionary category has data or sub-categories and cannot be deleted',
    'zh-TW': '該字典分類下有數據，不能刪除',
  },
  '该数据下有子数据，不能删除': { en: 'This item has sub-items and cannot be deleted', 'zh-TW': '該數據下有子數據，不能刪除' },
  '不能修改所属字典分类': { en: 'The dictionary category of an item cannot be changed', 'zh-TW': '不能修改所屬字典分類' },
  '单据规则不存在或已停用': { en: 'The bill rule does not exist or is disabled', 'zh-TW': '單據規則不存在或已停用' },
  '该单据规则已被使用，不能删除': {
    en: 'This bill rule has issued numbers and cannot be deleted; disable it instead',
    'zh-TW': '該單據規則已被使用，不能刪除',
  },
  '日期格式必须包含重置周期': {
    en: 'The date format must include the reset period, or numbers would repeat',
    'zh-TW': '日期格式必須包含重置週期',
  },
};
