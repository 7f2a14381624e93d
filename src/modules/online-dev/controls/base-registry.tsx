import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from '@chakra-ui/react';
import type { ControlType } from '@/contracts/online-dev';
import { CascaderControl } from './cascader-control';
import { CheckboxControl, RadioControl, SelectControl, SwitchControl } from './choice-controls';
import { ColorControl } from './color-control';
import { DateControl } from './date-controls';
import { NumberControl, RateControl, SliderControl } from './number-controls';
import { AddressControl, CompanyControl, DepartmentControl, PositionControl, TreeSelectControl, UserControl } from './org-controls';
import { RelationControl } from './relation-control';
import { BillRuleControl, CalcControl, SystemControl } from './special-controls';
import { TextareaControl, TextInputControl } from './text-controls';
import type { ControlProps } from './types';
import { UploadControl } from './upload-control';

const LazyEditor = lazy(() => import('./editor-control').then((m) => ({ default: m.EditorControl })));

/** 富文本: TipTap loads when a form with a rich-text field opens. */
function EditorLoader(props: ControlProps) {
  return (
    <Suspense fallback={<Skeleton h="48" w="full" rounded="l2" data-testid="od-editor-loading" />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}

/**
 * Every value control but the input table (which holds these in its cells: registry.ts adds it),
 * by control type. Layout items have none: the form lays them out.
 */
export const baseControls: Partial<Record<ControlType, ComponentType<ControlProps>>> = {
  comInput: TextInputControl,
  textarea: TextareaControl,
  numInput: NumberControl,
  switch: SwitchControl,
  radio: RadioControl,
  checkbox: CheckboxControl,
  select: SelectControl,
  cascader: CascaderControl,
  date: DateControl,
  time: DateControl,
  uploadFz: UploadControl,
  uploadImg: UploadControl,
  colorPicker: ColorControl,
  rate: RateControl,
  slider: SliderControl,
  editor: EditorLoader,
  comSelect: CompanyControl,
  depSelect: DepartmentControl,
  posSelect: PositionControl,
  userSelect: UserControl,
  treeSelect: TreeSelectControl,
  address: AddressControl,
  billRule: BillRuleControl,
  relationForm: RelationControl,
  calculate: CalcControl,
  createUser: SystemControl,
  createTime: SystemControl,
  modifyUser: SystemControl,
  modifyTime: SystemControl,
  currOrganize: SystemControl,
};
