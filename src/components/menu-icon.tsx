import {
  BookOpen,
  ChartColumn,
  Circle,
  CircleHelp,
  FileText,
  Folder,
  History,
  House,
  LayoutDashboard,
  LifeBuoy,
  Link as LinkIcon,
  Settings,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** Icons the menu can name (menu item `icon`). Unknown names get a neutral dot. */
const icons: Record<string, LucideIcon> = {
  'book-open': BookOpen,
  'chart-column': ChartColumn,
  'circle-help': CircleHelp,
  'file-text': FileText,
  folder: Folder,
  history: History,
  home: House,
  'layout-dashboard': LayoutDashboard,
  'life-buoy': LifeBuoy,
  link: LinkIcon,
  settings: Settings,
  user: User,
  users: Users,
};

export function MenuIcon({ name, size = 16 }: { name: string; size?: number }) {
  const Icon = icons[name] ?? Circle;
  return <Icon size={size} aria-hidden />;
}
