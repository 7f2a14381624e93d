import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MenuItem } from '@/contracts/menu';

/**
 * Translations of menu names by menu code. The server stores one (Chinese) name per entry; entries
 * whose code is known here are shown in the UI language, any other entry keeps the server's name.
 * Modules add their menu codes here when they add menu entries to the seed.
 */
const byCode: Record<string, MessageDescriptor> = {
  home: msg`首页`,
  dashboard: msg`仪表盘`,
  workbench: msg`工作台`,
  'system.log': msg`登录日志`,
  'dataV.orgOverview': msg`组织概览`,
  help: msg`帮助`,
  'help.handbook': msg`员工手册`,
  'help.guide': msg`使用帮助`,
  permission: msg`组织权限`,
  'permission.organize': msg`组织管理`,
  'permission.department': msg`部门管理`,
  'permission.position': msg`岗位管理`,
  'permission.user': msg`用户管理`,
  'permission.role': msg`角色管理`,
  system: msg`系统管理`,
  'system.area': msg`行政区划`,
  'system.billRule': msg`单据规则`,
  'system.notice': msg`系统公告`,
  systemData: msg`系统数据`,
  'systemData.dictionary': msg`数据字典`,
};

/** The menu entry's name in the current UI language (spec 2.2: translated route name). */
export function menuTitle(i18n: I18n, item: Pick<MenuItem, 'enCode' | 'fullName'>): string {
  const d = byCode[item.enCode];
  return d ? i18n._(d) : item.fullName;
}
