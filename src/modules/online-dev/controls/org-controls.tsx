import { useLingui } from '@lingui/react/macro';
import { TreeSelect } from '@/components/tree-select';
import { DEFAULT_REGION_DEPTH } from '@/contracts/base';
import { RegionSelect } from '@/modules/base/public';
import { CompanySelect, DepartmentSelect, PositionSelect, UserSelect, type PickerProps } from '@/modules/org/public';
import { valuesOf } from '../form/display';
import { useFieldOptions, useOptionNodes } from './options';
import { cellLabel, type ControlProps } from './types';

/** The picker props of a control: one id (or null), or several with `multiple`. */
function pickerProps({ field, value, onChange, disabled, invalid, mode, testId }: ControlProps): PickerProps {
  const common = { disabled, invalid, size: mode === 'cell' ? ('xs' as const) : ('sm' as const), 'aria-label': cellLabel({ mode, field }) ?? field.label, 'data-testid': testId, placeholder: field.placeholder };
  return field.multiple
    ? { ...common, multiple: true, value: valuesOf(value), onChange: (ids: string[]) => onChange(ids) }
    : { ...common, value: valuesOf(value)[0] ?? null, onChange: (id: string | null) => onChange(id) };
}

/** 公司 (comSelect): a company of the cached organisation tree. */
export const CompanyControl = (p: ControlProps) => <CompanySelect {...pickerProps(p)} />;
/** 部门 (depSelect). */
export const DepartmentControl = (p: ControlProps) => <DepartmentSelect {...pickerProps(p)} />;
/** 岗位 (posSelect). */
export const PositionControl = (p: ControlProps) => <PositionSelect {...pickerProps(p)} />;
/** 用户 (userSelect): users only (leaves of the organisation tree). */
export const UserControl = (p: ControlProps) => <UserSelect {...pickerProps(p)} />;

/** 树形选择 (treeSelect) over the field's options (static, a dictionary's or an interface's). */
export function TreeSelectControl(p: ControlProps) {
  const { t } = useLingui();
  const nodes = useOptionNodes(useFieldOptions(p.field));
  const props = pickerProps(p);
  return props.multiple ? (
    <TreeSelect {...props} multiple nodes={nodes} placeholder={props.placeholder ?? t`请选择`} />
  ) : (
    <TreeSelect {...props} multiple={false} nodes={nodes} placeholder={props.placeholder ?? t`请选择`} />
  );
}

/** 省市区 (address): the region cascader over this device's region cache, `level` levels deep (spec 9: 3 by default). */
export function AddressControl({ field, value, onChange, disabled, invalid, mode, testId }: ControlProps) {
  return (
    <RegionSelect
      value={valuesOf(value)}
      onChange={(ids) => onChange(ids)}
      depth={field.level ?? DEFAULT_REGION_DEPTH}
      disabled={disabled}
      invalid={invalid}
      size={mode === 'cell' ? 'xs' : 'sm'}
      aria-label={cellLabel({ mode, field }) ?? field.label}
      placeholder={field.placeholder}
      data-testid={testId}
    />
  );
}
