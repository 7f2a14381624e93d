import { proxy, subscribe } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { layoutTypes, themes, type LayoutType, type ThemeName } from '@/contracts/session';
import { MOBILE_BREAKPOINT_PX } from '@/contracts/limits';
import { storage, StorageKey } from '@/lib/storage';
import { session } from '@/modules/auth/public';
import { applyTheme } from './theme-style';

export const slideClasses = ['dark', 'lightWhite'] as const;
export type SlideClass = (typeof slideClasses)[number];
export const sizes = ['large', 'medium', 'small'] as const;
export type Size = (typeof sizes)[number];

/** Display settings of spec 3 (Settings). Persisted locally; only what differs from the defaults is stored. */
export interface Settings {
  theme: ThemeName;
  themeClass: string;
  layoutType: LayoutType;
  slideClass: SlideClass;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** Defaults of spec 9: classic, dark slide, tags view on, search shown, language selector hidden, logo on, header not fixed. */
export const defaultSettings: Readonly<Settings> = Object.freeze({
  theme: 'blue',
  themeClass: 'theme-blue',
  layoutType: 'classic',
  slideClass: 'dark',
  tagsView: true,
  tagsIcon: true,
  showLanguage: false,
  showSearch: true,
  fixedHeader: false,
  sidebarLogo: true,
});

const booleanKeys = ['tagsView', 'tagsIcon', 'showLanguage', 'showSearch', 'fixedHeader', 'sidebarLogo'] as const;

/** Reads stored overrides; anything unknown or of the wrong type falls back to the default. */
export function readSettings(rawOverrides: string | null, storedLayout: string | null): Settings {
  let o: Record<string, unknown> = {};
  try {
    const parsed: unknown = rawOverrides ? JSON.parse(rawOverrides) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) o = parsed as Record<string, unknown>;
  } catch {
    /* a damaged value: defaults */
  }
  const s: Settings = { ...defaultSettings };
  if ((themes as readonly unknown[]).includes(o.theme)) s.theme = o.theme as ThemeName;
  s.themeClass = `theme-${s.theme}`;
  if ((slideClasses as readonly unknown[]).includes(o.slideClass)) s.slideClass = o.slideClass as SlideClass;
  for (const k of booleanKeys) if (typeof o[k] === 'boolean') s[k] = o[k];
  // The layout type has its own key: sign-in sets it from the user's theme (spec 4 Session).
  if ((layoutTypes as readonly unknown[]).includes(storedLayout)) s.layoutType = storedLayout as LayoutType;
  return s;
}

/** The overrides to store: the keys whose value differs from the default (layout type excluded). */
export function settingsOverrides(s: Settings): Partial<Settings> {
  const out: Partial<Settings> = {};
  for (const k of Object.keys(defaultSettings) as (keyof Settings)[]) {
    if (k === 'layoutType' || k === 'themeClass') continue;
    if (s[k] !== defaultSettings[k]) (out as Record<string, unknown>)[k] = s[k];
  }
  return out;
}

export const settings = proxy<Settings>(readSettings(storage.get(StorageKey.settings), storage.get(StorageKey.layoutType)));

/** App UI state of spec 3: sidebar, device and size (language lives in lib/i18n). */
export interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: 'desktop' | 'mobile';
  size: Size;
}

const storedSize = storage.get(StorageKey.size);
export const app = proxy<AppState>({
  // Persisted as 1/0 (spec 4 Device); open unless the user closed it.
  sidebar: { opened: storage.get(StorageKey.sidebarStatus) !== '0', withoutAnimation: false },
  // Known before the first paint, so a phone never renders the desktop layout first.
  device: typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop',
  size: (sizes as readonly string[]).includes(storedSize ?? '') ? (storedSize as Size) : 'medium',
});

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]) {
  settings[key] = value;
  if (key === 'theme') settings.themeClass = `theme-${value as ThemeName}`;
}

export function toggleSidebar() {
  app.sidebar.opened = !app.sidebar.opened;
  app.sidebar.withoutAnimation = false;
  storage.set(StorageKey.sidebarStatus, app.sidebar.opened ? '1' : '0');
}

export function closeSidebar(withoutAnimation: boolean, persist = true) {
  app.sidebar.opened = false;
  app.sidebar.withoutAnimation = withoutAnimation;
  if (persist) storage.set(StorageKey.sidebarStatus, '0');
}

export function setDevice(device: AppState['device']) {
  app.device = device;
}

export function setSize(size: Size) {
  app.size = size;
  storage.set(StorageKey.size, size);
}

/** Root font sizes per component size; Chakra sizes are in rem, so the whole UI follows. */
export const rootFontSize: Record<Size, string> = { large: '17px', medium: '16px', small: '14px' };

let started = false;
/** Applies and persists settings from now on (called once at start). */
export function startSettings() {
  if (started) return;
  started = true;
  applyTheme(settings.theme);
  document.documentElement.style.fontSize = rootFontSize[app.size];
  subscribe(settings, () => {
    storage.set(StorageKey.settings, JSON.stringify(settingsOverrides(settings)));
    storage.set(StorageKey.layoutType, settings.layoutType);
    applyTheme(settings.theme);
  });
  // Sign-in sets the layout type from the user's theme (spec 4 Session): follow it.
  subscribeKey(session, 'token', () => {
    settings.layoutType = readSettings(null, storage.get(StorageKey.layoutType)).layoutType;
  });
  subscribe(app, () => {
    document.documentElement.style.fontSize = rootFontSize[app.size];
  });
}
