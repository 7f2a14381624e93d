import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CONTROL_TYPE_KEYS, FILE_DEFAULT_SIZE, FILE_DEFAULT_UNIT, FILE_MAX_FILES, IMAGE_MAX_FILES, OPTION_CONTROL_TYPES, type ControlType } from '@/contracts/online-dev';
import type { ModelField } from '@/contracts/online-dev-model';
import { keyFor, keyPrefix, uniqueKey } from './keys';

/**
 * The designer's palette: one entry per control type of CONTROL_TYPES, grouped as JNPF's designer
 * groups them, with its name, a lucide icon name, and the defaults of a new item of that type.
 */

export type PaletteGroup = 'basic' | 'advanced' | 'system' | 'layout';
export const PALETTE_GROUPS: readonly PaletteGroup[] = ['basic', 'advanced', 'system', 'layout'];
export const PALETTE_GROUP_NAMES: Record<PaletteGroup, MessageDescriptor> = {
  basic: msg`基础控件`,
  advanced: msg`高级控件`,
  system: msg`系统控件`,
  layout: msg`布局控件`,
};

export interface PaletteEntry {
  type: ControlType;
  group: PaletteGroup;
  name: MessageDescriptor;
  /** A lucide-react icon name (kebab-case). */
  icon: string;
}

const entry = (type: ControlType, group: PaletteGroup, name: MessageDescriptor, icon: string): PaletteEntry => ({ type, group, name, icon });

export const PALETTE: readonly PaletteEntry[] = [
  entry('comInput', 'basic', msg`单行输入`, 'text-cursor-input'),
  entry('textarea', 'basic', msg`多行输入`, 'align-left'),
  entry('numInput', 'basic', msg`数字输入`, 'hash'),
  entry('switch', 'basic', msg`开关`, 'toggle-left'),
  entry('radio', 'basic', msg`单选框组`, 'circle-dot'),
  entry('checkbox', 'basic', msg`多选框组`, 'square-check'),
  entry('select', 'basic', msg`下拉选择`, 'list'),
  entry('cascader', 'basic', msg`级联选择`, 'list-tree'),
  entry('date', 'basic', msg`日期选择`, 'calendar'),
  entry('time', 'basic', msg`时间选择`, 'clock'),
  entry('uploadFz', 'basic', msg`文件上传`, 'paperclip'),
  entry('uploadImg', 'basic', msg`图片上传`, 'image'),
  entry('colorPicker', 'basic', msg`颜色选择`, 'palette'),
  entry('rate', 'basic', msg`评分`, 'star'),
  entry('slider', 'basic', msg`滑块`, 'sliders-horizontal'),
  entry('editor', 'basic', msg`富文本`, 'file-text'),
  entry('comSelect', 'advanced', msg`组织选择`, 'building-2'),
  entry('depSelect', 'advanced', msg`部门选择`, 'network'),
  entry('posSelect', 'advanced', msg`岗位选择`, 'briefcase'),
  entry('userSelect', 'advanced', msg`用户选择`, 'user'),
  entry('treeSelect', 'advanced', msg`下拉树形`, 'git-fork'),
  entry('address', 'advanced', msg`省市区域`, 'map-pin'),
  entry('billRule', 'advanced', msg`单据编号`, 'receipt'),
  entry('relationForm', 'advanced', msg`关联表单`, 'link'),
  entry('calculate', 'advanced', msg`计算公式`, 'calculator'),
  entry('table', 'advanced', msg`设计子表`, 'table'),
  entry('createUser', 'system', msg`创建人`, 'user-plus'),
  entry('createTime', 'system', msg`创建时间`, 'calendar-plus'),
  entry('modifyUser', 'system', msg`修改人`, 'user-pen'),
  entry('modifyTime', 'system', msg`修改时间`, 'calendar-clock'),
  entry('currOrganize', 'system', msg`所属组织`, 'building'),
  entry('groupTitle', 'layout', msg`分组标题`, 'heading'),
  entry('divider', 'layout', msg`分割线`, 'minus'),
  entry('card', 'layout', msg`卡片容器`, 'square'),
  entry('tab', 'layout', msg`标签面板`, 'folder'),
  entry('row', 'layout', msg`栅格布局`, 'columns-2'),
];

const BY_TYPE = new Map(PALETTE.map((e) => [e.type, e]));
if (BY_TYPE.size !== CONTROL_TYPE_KEYS.length) throw new Error('online-dev designer: the palette must list every control type once');

export const paletteEntry = (type: ControlType): PaletteEntry => BY_TYPE.get(type)!;
/** The control type's name in the UI language. */
export const controlName = (type: ControlType) => i18n._(paletteEntry(type).name);

/** Default titles of a new tab item's panes, and of panes added later. */
export const paneTitle = (n: number) => i18n._(msg`标签${n}`);

/**
 * A new item of `type` with sensible defaults: a unique key (`input_1`, not in `existingKeys`) for
 * value fields, the control's name as its label, the full width, two static options for option
 * controls, one column for an input table, two panes for tabs, the upload kind of the control, a
 * date / time format. `makeId` gives ids (the new item's, and its table column's).
 */
export function newField(type: ControlType, existingKeys: ReadonlySet<string>, makeId: () => string): ModelField {
  const label = controlName(type);
  const base: ModelField = { id: makeId(), key: keyFor({ type }, uniqueKey(keyPrefix(type), existingKeys)), type, label, span: 24 };
  if (OPTION_CONTROL_TYPES.includes(type)) {
    base.options = {
      kind: 'static',
      items: [
        { label: i18n._(msg`选项一`), value: '1' },
        { label: i18n._(msg`选项二`), value: '2' },
      ],
    };
  }
  switch (type) {
    case 'numInput':
      return { ...base, step: 1 };
    case 'switch':
      return { ...base, defaultValue: false };
    case 'date':
      return { ...base, format: 'YYYY-MM-DD' };
    case 'time':
      return { ...base, format: 'HH:mm' };
    case 'uploadFz':
      return { ...base, upload: { kind: 'file', limit: FILE_MAX_FILES, fileSize: FILE_DEFAULT_SIZE, sizeUnit: FILE_DEFAULT_UNIT } };
    case 'uploadImg':
      return { ...base, upload: { kind: 'image', limit: IMAGE_MAX_FILES } };
    case 'rate':
      return { ...base, max: 5 };
    case 'slider':
      return { ...base, min: 0, max: 100, step: 1 };
    case 'calculate':
      return { ...base, expression: '', precision: 2 };
    case 'address':
      return { ...base, level: 3 };
    case 'table':
      return { ...base, columns: [newField('comInput', new Set(), makeId)] };
    case 'card':
    case 'row':
      return { ...base, label: type === 'row' ? '' : label, children: [] };
    case 'tab':
      return {
        ...base,
        tabs: [
          { title: paneTitle(1), children: [] },
          { title: paneTitle(2), children: [] },
        ],
      };
    case 'divider':
      return { ...base, label: '' };
    default:
      return base;
  }
}
