import {
  Blocks,
  BookA,
  BookOpen,
  Briefcase,
  Building2,
  ChartColumn,
  CircleHelp,
  ClipboardCheck,
  ClipboardList,
  Contact,
  Copy,
  Database,
  FileText,
  GitBranch,
  Folder,
  History,
  House,
  LayoutDashboard,
  LayoutTemplate,
  LifeBuoy,
  ListChecks,
  ListTodo,
  Link as LinkIcon,
  Map as MapIcon,
  Megaphone,
  MonitorCog,
  Network,
  Package,
  Receipt,
  Send,
  Settings,
  ShieldCheck,
  Store,
  Table,
  Truck,
  User,
  UserCog,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';

/**
 * Icons the menu can name (menu item `icon`, lucide names): every name the seed gives a menu entry
 * (tests/unit/menu-icons.test.ts checks it) and the shell's own entries (首页, 个人信息). Only these
 * are imported, so the bundle carries a dozen icons rather than all of lucide.
 */
/** Icons the designer offers a published model's menu entry (each is below). */
export const MODEL_MENU_ICONS = ['table', 'clipboard-check', 'clipboard-list', 'contact', 'package', 'store', 'truck', 'file-text', 'chart-column', 'book-a'] as const;

const icons: Record<string, LucideIcon> = {
  // 工作台, 帮助
  'layout-dashboard': LayoutDashboard,
  history: History,
  'chart-column': ChartColumn,
  'life-buoy': LifeBuoy,
  'book-open': BookOpen,
  'circle-help': CircleHelp,
  // 组织权限
  users: Users,
  'building-2': Building2,
  network: Network,
  briefcase: Briefcase,
  'user-cog': UserCog,
  'shield-check': ShieldCheck,
  // 系统管理, 系统数据
  settings: Settings,
  map: MapIcon,
  receipt: Receipt,
  megaphone: Megaphone,
  database: Database,
  'book-a': BookA,
  // 在线开发, 门店业务 and the icons a published model's entry may take (MODEL_MENU_ICONS)
  blocks: Blocks,
  'layout-template': LayoutTemplate,
  store: Store,
  'clipboard-check': ClipboardCheck,
  'clipboard-list': ClipboardList,
  contact: Contact,
  package: Package,
  table: Table,
  truck: Truck,
  // 工作流程
  workflow: Workflow,
  send: Send,
  'list-todo': ListTodo,
  'list-checks': ListChecks,
  copy: Copy,
  'git-branch': GitBranch,
  monitor: MonitorCog,
  // The shell's entries and generic names
  home: House,
  user: User,
  'file-text': FileText,
  folder: Folder,
  link: LinkIcon,
};

/** A menu entry whose icon is unknown (or empty) shows a page. */
const FALLBACK: LucideIcon = FileText;

/** The icon a menu name maps to explicitly, or null (then MenuIcon shows the fallback page icon). */
export function menuIconOf(name: string | null | undefined): LucideIcon | null {
  return name && Object.hasOwn(icons, name) ? icons[name]! : null;
}

export function MenuIcon({ name, size = 16 }: { name: string; size?: number }) {
  const Icon = menuIconOf(name) ?? FALLBACK;
  return <Icon size={size} aria-hidden />;
}
