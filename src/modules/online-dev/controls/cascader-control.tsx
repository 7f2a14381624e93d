import { NativeSelect, Spinner, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { FieldOption } from '@/contracts/online-dev-model';
import { valuesOf } from '../form/display';
import { useFieldOptions } from './options';
import { cellLabel, controlSize, type ControlProps } from './types';

/** The option lists of a path: the top level, then the children of each chosen option that has any. */
export function cascaderLevels(items: readonly FieldOption[], path: readonly string[]): (readonly FieldOption[])[] {
  const levels: (readonly FieldOption[])[] = [items];
  let level: readonly FieldOption[] | undefined = items;
  for (const v of path) {
    const hit: FieldOption | undefined = level?.find((o) => o.value === v);
    if (!hit?.children?.length) break;
    level = hit.children;
    levels.push(level);
  }
  return levels;
}

/**
 * 级联选择 (cascader) over the model's option tree: one select per level, the next level's appears
 * once an option with children is chosen; changing a level drops the levels after it.
 */
export function CascaderControl({ field, value, onChange, onBlur, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const items = useFieldOptions(field);
  if (!items) return <Spinner size="xs" />;
  const path = valuesOf(value);
  const levels = cascaderLevels(items, path);
  const name = cellLabel({ mode, field }) ?? field.label;
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full" data-testid={testId}>
      {levels.map((options, i) => (
        <NativeSelect.Root key={i} size={controlSize(mode)} disabled={disabled} invalid={invalid} flex="1" minW="0">
          <NativeSelect.Field
            value={path[i] ?? ''}
            onChange={(e) => onChange(e.target.value ? [...path.slice(0, i), e.target.value] : path.slice(0, i))}
            onBlur={onBlur}
            aria-label={t`${name}第${i + 1}级`}
            aria-invalid={invalid || undefined}
            data-testid={testId ? `${testId}-level-${i + 1}` : undefined}
          >
            <option value="">{t`请选择`}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </Stack>
  );
}
