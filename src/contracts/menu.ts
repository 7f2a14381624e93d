/** Menu item as the server sends it in CurrentUser.menuList (spec 3 Menu item, 2.2). */
export const MenuType = {
  DIRECTORY: 1,
  PAGE: 2,
  DYNAMIC_MODEL: 3,
  DYNAMIC_DICTIONARY: 4,
  DYNAMIC_REPORT: 5,
  DATA_VIEW: 6,
  LINK: 7,
} as const;
export type MenuTypeValue = (typeof MenuType)[keyof typeof MenuType];

export type LinkTarget = '_self' | '_blank';

export interface MenuPropertyJson {
  moduleId?: string;
  relationId?: string;
  isTree?: number | boolean;
  /** Shown as a badge or used by the page; free-form beyond the documented fields. */
  [key: string]: unknown;
}

export interface MenuItem {
  id: string;
  parentId: string | null;
  enCode: string;
  fullName: string;
  icon: string;
  type: MenuTypeValue;
  urlAddress: string;
  linkTarget: LinkTarget | null;
  propertyJson: MenuPropertyJson;
  hasChildren: boolean;
  children: MenuItem[];
  sortCode: number;
}
