/**
 * Names of the demo staff, with their pinyin (for the e-mail addresses): common surnames, and given
 * names typical for men and for women (none that is usual for both), so that a name matches the
 * gender stored with it.
 */

export type NamePart = readonly [hanzi: string, pinyin: string];

export const SURNAMES: readonly NamePart[] = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
  ['吴', 'wu'],
  ['周', 'zhou'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['马', 'ma'],
  ['朱', 'zhu'],
  ['胡', 'hu'],
  ['郭', 'guo'],
  ['何', 'he'],
  ['林', 'lin'],
  ['罗', 'luo'],
  ['高', 'gao'],
  ['郑', 'zheng'],
  ['梁', 'liang'],
  ['谢', 'xie'],
  ['宋', 'song'],
];

export const MALE_GIVEN_NAMES: readonly NamePart[] = [
  ['浩然', 'haoran'],
  ['思远', 'siyuan'],
  ['俊杰', 'junjie'],
  ['宇航', 'yuhang'],
  ['文博', 'wenbo'],
  ['志强', 'zhiqiang'],
  ['一鸣', 'yiming'],
  ['建国', 'jianguo'],
  ['子轩', 'zixuan'],
  ['明辉', 'minghui'],
  ['嘉豪', 'jiahao'],
  ['伟', 'wei'],
  ['磊', 'lei'],
  ['浩宇', 'haoyu'],
  ['晨阳', 'chenyang'],
  ['振华', 'zhenhua'],
  ['俊峰', 'junfeng'],
  ['鹏飞', 'pengfei'],
  ['海涛', 'haitao'],
  ['建军', 'jianjun'],
  ['泽宇', 'zeyu'],
  ['国强', 'guoqiang'],
  ['晓东', 'xiaodong'],
  ['立新', 'lixin'],
];

export const FEMALE_GIVEN_NAMES: readonly NamePart[] = [
  ['欣怡', 'xinyi'],
  ['雨桐', 'yutong'],
  ['佳琪', 'jiaqi'],
  ['诗涵', 'shihan'],
  ['梓萱', 'zixuan'],
  ['静怡', 'jingyi'],
  ['梦瑶', 'mengyao'],
  ['若曦', 'ruoxi'],
  ['秀英', 'xiuying'],
  ['丽娟', 'lijuan'],
  ['晓燕', 'xiaoyan'],
  ['婷婷', 'tingting'],
  ['雅琴', 'yaqin'],
  ['慧敏', 'huimin'],
  ['玉兰', 'yulan'],
  ['思琪', 'siqi'],
  ['美玲', 'meiling'],
  ['芳', 'fang'],
  ['颖', 'ying'],
  ['婉清', 'wanqing'],
  ['晓雯', 'xiaowen'],
  ['雪梅', 'xuemei'],
  ['琳', 'lin'],
  ['佳慧', 'jiahui'],
];

/** The company's mail domain (demo addresses: full name in pinyin, e.g. wanghaoran@yunmian.com). */
export const DEMO_MAIL_DOMAIN = 'yunmian.com';
