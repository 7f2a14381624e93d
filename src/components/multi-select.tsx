import { useMemo, type KeyboardEvent } from 'react';
import { Combobox, Tag, useFilter, useListCollection, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export interface MultiSelectItem {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  /** The choices (undefined while they load). */
  items: readonly MultiSelectItem[] | undefined;
  value: readonly string[];
  onChange(value: string[]): void;
  placeholder?: string;
  /** Said when nothing matches what was typed. */
  emptyText?: string;
  /** What the chosen ones are (已选角色), for screen readers. */
  chosenLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * Several choices from a list: type to filter, arrows and Enter (or a click) to add or remove, the
 * chosen ones as chips under the box, each with its remove button; Backspace in the empty box
 * removes the last one. Inside a FormField its label names the box (Chakra's Field context).
 * Not portalled: a dialog hides what is outside it.
 */
export function MultiSelect(props: MultiSelectProps) {
  // The choices arrive after the first render (a cached list): a fresh collection then.
  const signature = props.items?.map((i) => `${i.value}:${i.label}`).join('\u0001') ?? '';
  return <MultiSelectBox key={signature} {...props} />;
}

function MultiSelectBox({ items, value, onChange, placeholder, emptyText, chosenLabel, invalid, disabled, testId }: MultiSelectProps) {
  const { t } = useLingui();
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter } = useListCollection<MultiSelectItem>({
    initialItems: items ? [...items] : [],
    filter: contains,
    itemToString: (item) => item.label,
    itemToValue: (item) => item.value,
  });
  const labels = useMemo(() => new Map((items ?? []).map((i) => [i.value, i.label])), [items]);
  const chosen = value.filter((v) => labels.has(v) || !items);
  const remove = (v: string) => onChange(value.filter((x) => x !== v));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !e.currentTarget.value && value.length) remove(value[value.length - 1]!);
  };

  return (
    <>
      <Combobox.Root
        multiple
        collection={collection}
        value={[...value]}
        onValueChange={(e) => onChange(e.value)}
        onInputValueChange={(e) => filter(e.inputValue)}
        onOpenChange={(e) => {
          if (!e.open) filter('');
        }}
        openOnClick
        closeOnSelect={false}
        selectionBehavior="clear"
        invalid={invalid}
        disabled={disabled}
        size="sm"
        positioning={{ strategy: 'fixed', sameWidth: true }}
        data-testid={testId}
      >
        <Combobox.Control>
          <Combobox.Input placeholder={value.length ? t`输入以搜索` : placeholder} onKeyDown={onKeyDown} />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger aria-label={t`展开选项`} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content maxH="60">
            <Combobox.Empty>{items ? (emptyText ?? t`没有匹配的选项`) : t`加载中…`}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.value}>
                <Combobox.ItemText>{item.label}</Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {chosen.length ? (
        <Wrap gap="1.5" mt="2" role="list" aria-label={chosenLabel ?? t`已选`} data-testid={testId ? `${testId}-chips` : undefined}>
          {chosen.map((v) => {
            const label = labels.get(v) ?? v;
            return (
              <Tag.Root key={v} size="md" variant="subtle" colorPalette="brand" role="listitem" data-value={v}>
                <Tag.Label>{label}</Tag.Label>
                {disabled ? null : (
                  <Tag.EndElement>
                    <Tag.CloseTrigger aria-label={t`移除「${label}」`} onClick={() => remove(v)} />
                  </Tag.EndElement>
                )}
              </Tag.Root>
            );
          })}
        </Wrap>
      ) : null}
    </>
  );
}
