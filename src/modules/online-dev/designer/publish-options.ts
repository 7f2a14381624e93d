import { MenuType, type MenuItem } from '@/contracts/menu';
import { MODEL_MENU_ICONS } from '@/components/menu-icon';

/** Icons a published model's menu entry may take (names the menu knows, src/components/menu-icon.tsx). */
export const PUBLISH_ICONS: readonly string[] = MODEL_MENU_ICONS;

/** The menu's directories (type 1), depth first, with their depth. */
export function menuDirectories(menu: readonly MenuItem[] | null | undefined, depth = 0): { enCode: string; fullName: string; depth: number }[] {
  return (menu ?? []).flatMap((m) => (m.type === MenuType.DIRECTORY ? [{ enCode: m.enCode, fullName: m.fullName, depth }, ...menuDirectories(m.children, depth + 1)] : []));
}
