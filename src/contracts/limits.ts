/** Spec constants named once (spec 3, 4, 7.1, 9). Import these; never repeat the numbers. */

/** Prefix of every browser storage key (local storage, IndexedDB database names). */
export const STORAGE_PREFIX = 'yunmian_';
export const PRODUCT_NAME = '云眠';

/** OAuth-style client identification sent on login (spec 7.2, 9). The secret ships in the app. */
export const CLIENT_ID = 'admin';
export const CLIENT_SECRET = 'yunmian-web-2026';
export const CLIENT_SCOPE = 'all';
export const GRANT_TYPE = 'password';
export const LOGIN_PLATFORM = 'event';
export const API_CLIENT_VERSION = '1.0';

/** Long calls get this timeout in ms (spec 7.1). */
export const LONG_CALL_TIMEOUT_MS = 200_000;
export const LONG_CALL_PATTERNS: readonly string[] = [
  'Synchronization',
  'extend/Email/Receive',
  'Permission/Authority/Data',
  'DataSync/Actions/Execute',
];
/** Timeout for other calls. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Error toast duration (spec 8). */
export const ERROR_TOAST_MS = 1500;
/** Previous-login notice duration (spec 4, 9). */
export const LOGIN_NOTICE_MS = 2000;
/** Mobile breakpoint (spec 4 Device, 9). */
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
/** Top-menu entry width: the functional layout shows viewport width ÷ this many entries (spec 2.4, 9). */
export const TOP_MENU_ITEM_WIDTH_PX = 116;
/** Tab bar (spec 9): context menu width and the padding kept when scrolling a tab into view. */
export const TAB_CONTEXT_MENU_WIDTH_PX = 105;
export const TAB_SCROLL_PADDING_PX = 4;

/** Pagination (spec 9): default page size and the sizes offered. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES: readonly number[] = [20, 50, 100, 500];
/** On a page change the list's scroll container goes back to the top over this many ms (spec 9). */
export const PAGE_SCROLL_MS = 800;
/** A list's keyword search runs this long after the last keystroke (Enter searches at once). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Approver picker dialog width (spec 9 Layout). */
export const APPROVER_PICKER_WIDTH_PX = 450;

/** Field lengths accepted by the API. */
export const ACCOUNT_MAX = 50;
export const NAME_MAX = 50;
export const TEXT_MAX = 500;
export const HASHED_PASSWORD_LENGTH = 64;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;

/** Login throttling: failures within the window before sign-in is refused. */
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;

/** Route paths of spec 2.1. */
export const OPEN_ROUTES: readonly string[] = ['/login', '/auth-redirect', '/jump', '/wxError'];

/** Built-in avatar set (public/avatars); PUT Avatar/{name} accepts these names. */
export const AVATARS = Array.from({ length: 12 }, (_, i) => `${String(i + 1).padStart(3, '0')}.svg`);
export const DEFAULT_AVATAR = AVATARS[0]!;
/** Where a type-6 (data-visualisation) menu entry opens; module id and token go in the query. */
export const DATA_VIEW_PATH = '/datav/index.html';
/** Background Sync tag and message type shared by the page and the service worker. */
export const SYNC_TAG = 'yunmian_sync';
/** Calendar of the business (bill-number dates and periods), whatever the server's own zone. */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/**
 * Image viewer (spec 2.6, 5.4 Image viewer, 9 Editor): zoom step, wheel zoom step (one wheel
 * event), rotation per turn in degrees, the scale at or below which zoom-out stops, its z-index.
 */
export const VIEWER_ZOOM_STEP = 0.2;
export const VIEWER_WHEEL_STEP = 0.015;
export const VIEWER_ROTATE_DEG = 90;
export const VIEWER_MIN_SCALE = 0.2;
export const VIEWER_Z_INDEX = 2005;
