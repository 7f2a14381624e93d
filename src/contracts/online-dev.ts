import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, uploadMessages } from './files';
import { ONLINE_FILE_TYPES } from './online-dev-paths';

/**
 * Online development (low-code, issue 20): the values the client renderer and the server share —
 * the control types of a model's form (the JNPF `jnpfKey`s), the upload rules of spec 5.3, the
 * input-table rule of spec 5.4 and the calculation-field constants of spec 9. Zod-free, so the
 * renderer's pure core (src/modules/online-dev/core) can use it without loading zod.
 *
 * Messages are the source texts of the spec word for word. The Chinese ones are shown as they are
 * (and translated through src/lib/contract-messages.ts when they become schema errors); the English
 * ones (`not empty`, `file size exceeds {size}{unit}` …) are the spec's message ids, translated by
 * the renderer with their `{…}` values.
 */

/** Control types of a model's form, by their JNPF key (`__config__.jnpfKey`). */
export const CONTROL_TYPES = {
  // Basic inputs
  input: 'comInput',
  textarea: 'textarea',
  number: 'numInput',
  switch: 'switch',
  radio: 'radio',
  checkbox: 'checkbox',
  select: 'select',
  cascader: 'cascader',
  date: 'date',
  time: 'time',
  fileUpload: 'uploadFz',
  imageUpload: 'uploadImg',
  color: 'colorPicker',
  rate: 'rate',
  slider: 'slider',
  richText: 'editor',
  // Pickers of the directory and base data
  organisation: 'comSelect',
  department: 'depSelect',
  position: 'posSelect',
  user: 'userSelect',
  treeSelect: 'treeSelect',
  region: 'address',
  billRule: 'billRule',
  relationForm: 'relationForm',
  calculate: 'calculate',
  inputTable: 'table',
  // System fields, filled by the server
  createUser: 'createUser',
  createTime: 'createTime',
  modifyUser: 'modifyUser',
  modifyTime: 'modifyTime',
  currentOrganisation: 'currOrganize',
  // Layout items: no value of their own
  groupTitle: 'groupTitle',
  divider: 'divider',
  card: 'card',
  tabs: 'tab',
  row: 'row',
} as const;
export type ControlType = (typeof CONTROL_TYPES)[keyof typeof CONTROL_TYPES];
export const CONTROL_TYPE_KEYS: readonly ControlType[] = Object.values(CONTROL_TYPES);

export const isControlType = (key: string): key is ControlType => (CONTROL_TYPE_KEYS as readonly string[]).includes(key);

/** Spec 3: the input control types that hold options. */
export const OPTION_CONTROL_TYPES: readonly ControlType[] = ['radio', 'checkbox', 'select', 'cascader', 'treeSelect'];
/** Spec 3: the system fields filled automatically with the time of the write. */
export const AUTO_FILLED_TIME_FIELDS: readonly ControlType[] = ['createTime', 'modifyTime'];
/** System fields the server fills (the client shows them read-only). */
export const SYSTEM_CONTROL_TYPES: readonly ControlType[] = ['createUser', 'createTime', 'modifyUser', 'modifyTime', 'currOrganize'];
/** Layout items: they order and group the form and hold no value. */
export const LAYOUT_CONTROL_TYPES: readonly ControlType[] = ['groupTitle', 'divider', 'card', 'tab', 'row'];
/** Control types whose empty value is an empty array (several values, a path, or a file list). */
export const MULTI_VALUE_CONTROL_TYPES: readonly ControlType[] = ['checkbox', 'cascader', 'uploadFz', 'uploadImg', 'address'];

// ---------------------------------------------------------------------------------------------
// Input table (spec 3 Input-table, 4 Input table, 5.4)

/** The message of an invalid required cell (spec 4, 5.4): the spec's id, translated by the renderer. */
export const INPUT_TABLE_REQUIRED_MESSAGE = 'not empty';

// ---------------------------------------------------------------------------------------------
// Calculation fields (spec 8, 9)

/** Calculation fields recompute this long after the last change (spec 9). */
export const CALC_DEBOUNCE_MS = 500;
/** The operators of the expression calculator (spec 9); `*` and `/` are accepted for × and ÷. */
export const CALC_OPERATORS = ['+', '-', '×', '÷'] as const;
/** Decimal places a calculation field may show. */
export const CALC_MAX_PRECISION = 10;

// ---------------------------------------------------------------------------------------------
// Uploads (spec 5.3, 8, 9)

export const UPLOAD_KINDS = ['video', 'image', 'file', 'imageCard'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
export const SIZE_UNIT_BYTES: Record<SizeUnit, number> = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 };

/** Video: these extensions, each file at most 50 MB (≤), 10 files by default. */
export const VIDEO_EXTENSIONS = ['mp4', 'ogg', 'flv', 'avi', 'wmv', 'rmvb'] as const;
export const VIDEO_MAX_BYTES = 50 * SIZE_UNIT_BYTES.MB;
export const VIDEO_MAX_FILES = 10;

/** Image (and image card): jpg, jpeg, png, each file under 20 MB (<), 10 files by default. */
export const UPLOAD_IMAGE_EXTENSIONS = IMAGE_EXTENSIONS;
export const UPLOAD_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const IMAGE_MAX_FILES = 10;

/** Generic file: a configurable size (≤) with a unit, 2 MB by default, 9 files by default. */
export const FILE_DEFAULT_SIZE = 2;
export const FILE_DEFAULT_UNIT: SizeUnit = 'MB';
export const FILE_MAX_FILES = 9;

export const onlineUploadMessages = {
  videoType: '请上传正确的视频格式',
  videoSize: '单个文件最大为50M',
  /** The image rule's messages are the shared ones of src/contracts/files.ts. */
  imageType: uploadMessages.imageType,
  imageSize: uploadMessages.imageSize,
  /** Values: size, unit. */
  fileSize: 'file size exceeds {size}{unit}',
  /** Image card (spec 5.3), a warning. Values: limit. */
  imageCount: 'at most {limit} pictures may be uploaded',
  /** Video and generic file lists (the spec names no text for these; the image card's, for files). Values: limit. */
  fileCount: 'at most {limit} files may be uploaded',
} as const;

/** Logged (not shown) when the upload call answers 405 (spec 8). */
export const UPLOAD_METHOD_NOT_ALLOWED_LOG = 'wrong request method';

/**
 * Generic files a model's upload field takes when it names no extensions of its own: office
 * documents, PDF, text and archives, and the image and video formats above. The server checks the
 * bytes of each by its format (server/modules/file/sniff.ts), so a renamed program is refused.
 */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'zip', 'rar', '7z'] as const;
export const FILE_DEFAULT_EXTENSIONS: readonly string[] = [...DOCUMENT_EXTENSIONS, ...UPLOAD_IMAGE_EXTENSIONS, 'gif', 'webp', ...VIDEO_EXTENSIONS];
/** The most a generic file of any field may weigh, whatever its settings say (the server's cap). */
export const FILE_HARD_MAX_BYTES = 50 * SIZE_UNIT_BYTES.MB;

/** The upload file type (src/contracts/files.ts) of an upload kind: an image card's are images. */
export const onlineFileType = (kind: UploadKind): (typeof ONLINE_FILE_TYPES)[keyof typeof ONLINE_FILE_TYPES] => ONLINE_FILE_TYPES[kind === 'imageCard' ? 'image' : kind];
