import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { MenuType, type MenuItem } from '@/contracts/menu';
import { MODEL_MENU_ICONS } from '@/components/menu-icon';

/**
 * What each icon a published model's menu entry may take (MODEL_MENU_ICONS) shows, as a screen reader says it (the icon's own name is a lucide id,
 * meaningless to a user). Keyed by the icon list, so a new icon without a label does not compile.
 */
export const PUBLISH_ICON_LABELS: Record<(typeof MODEL_MENU_ICONS)[number], MessageDescriptor> = {
  table: msg`表格`,
  'clipboard-check': msg`核对清单`,
  'clipboard-list': msg`清单`,
  contact: msg`联系人`,
  package: msg`货品`,
  store: msg`门店`,
  truck: msg`货车`,
  'file-text': msg`文档`,
  'chart-column': msg`柱状图`,
  'book-a': msg`词典`,
};

/** The menu's directories (type 1), depth first, with their depth. */
export function menuDirectories(menu: readonly MenuItem[] | null | undefined, depth = 0): { enCode: string; fullName: string; depth: number }[] {
  return (menu ?? []).flatMap((m) => (m.type === MenuType.DIRECTORY ? [{ enCode: m.enCode, fullName: m.fullName, depth }, ...menuDirectories(m.children, depth + 1)] : []));
}
