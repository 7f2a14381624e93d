import type { ComponentType, LazyExoticComponent } from 'react';
import type { Transaction } from 'dexie';
import type { RealtimeHandlers } from './realtime';
import type { CachedDataset } from './sync/dataset';
import type { SyncKind } from './sync/kinds';
import type { UserDb } from './sync/user-db';
import type { WarmEntry } from './sync/warm';

/** A page loaded when it is first shown. */
export type LazyPage = LazyExoticComponent<ComponentType>;

/**
 * A drawer (or dialog host) of the shell: `load` imports its component (`() => import('./x')
 * .then((m) => ({ default: m.X }))`). The shell fetches it once the page has settled (so it opens
 * offline too) and mounts it the first time `useWanted` answers true (a hook, called on every
 * render of the shell: read state with valtio's useSnapshot); it stays mounted after.
 */
export interface ModuleDrawer {
  load(): Promise<{ default: ComponentType }>;
  useWanted(): boolean;
}

/** Menu view types a module may serve as a whole (spec 2.2: 3 model, 4 dictionary, 5 report). */
export type MenuViewType = 'model' | 'dictionary' | 'report';

/**
 * Tables a module keeps in the signed-in user's database, added (or changed) in one database
 * version. Versions only grow: a new table or index takes a version above every one in use
 * (a test checks that no two declarations share a version).
 */
export interface ModuleTables {
  version: number;
  /** Dexie store definitions, e.g. `{ messages: 'id, lastModifyTime, type' }`. */
  stores: Record<string, string>;
  /** Reshapes rows written by an older version (runs once, when the database is upgraded). */
  upgrade?: (tx: Transaction) => Promise<void>;
}

/** An icon button in the top bar (e.g. the message bell with its badge); `order` sorts them. */
export interface NavbarEntry {
  order: number;
  Entry: ComponentType<{ mobile: boolean }>;
}

/** What a module is given when a session starts. */
export interface ModuleStartContext {
  userId: string;
  token: string;
  db: UserDb;
}

/**
 * Everything a client module brings, declared in one file (`src/modules/<m>/module.ts`) and
 * listed once in `src/app/modules.ts`. The session service (src/app/session-service.ts) registers
 * the kinds, tables, datasets, realtime handlers and catch-up sources, and calls `start` after
 * every sign-in, unlock and reload; the shell shows the pages, navbar entries and drawers.
 */
export interface ClientModule {
  /** The folder's name, the same as the server module's. */
  name: string;
  /** Pages of type-2 menu entries, by urlAddress without the leading slash (spec 2.2). */
  pages?: Record<string, LazyPage>;
  /** Pages serving every menu entry of a view type (online development serves 3-5). */
  viewTypes?: Partial<Record<MenuViewType, LazyPage>>;
  /** Kinds of queued writes the module makes: labels, and what the server's answer changes here. */
  syncKinds?: Record<string, SyncKind>;
  /** Cached datasets revalidated on start (when stale) and after every reconnect. */
  datasets?: readonly CachedDataset[];
  /**
   * What the cache warm-up fetches in the background after sign-in and after each reconnect (only
   * what is missing or stale): datasets and first pages of lists, each for the users granted one of
   * its pages (menu urlAddress) or for every signed-in user (src/lib/sync/warm.ts). A function,
   * called when the warm-up runs: declaring it touches no dataset or list while the modules load.
   */
  warm?: () => readonly WarmEntry[];
  /** The module's own tables in the user's database. */
  tables?: readonly ModuleTables[];
  /** Websocket methods the module handles (spec 7.10). */
  realtime?: RealtimeHandlers;
  /** After a time offline: re-pulls what may have changed; a line for the catch-up notice, or null. */
  catchUp?: () => Promise<string | null>;
  /** Top-bar entries, and the drawers they open (each loaded and mounted when first wanted). */
  navbar?: readonly NavbarEntry[];
  drawers?: readonly ModuleDrawer[];
  /** After every session start, once the user's database is open. */
  start?: (ctx: ModuleStartContext) => void | Promise<void>;
  /**
   * At sign-out, before the token is revoked: best-effort work such as handing back what the
   * device holds. All modules' steps together are waited for at most about 1 s; skip work that
   * needs the network when offline.
   */
  signOut?: () => Promise<void>;
}

/** Declares a module (typed; no other effect). */
export function defineModule(module: ClientModule): ClientModule {
  return module;
}
