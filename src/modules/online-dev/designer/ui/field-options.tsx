import { useEffect, useState } from 'react';
import { Button, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { OPTIONS_MAX, type FieldOption, type ModelField, type OptionSource } from '@/contracts/online-dev-model';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { useDictionaries } from '@/modules/base/public';
import { useItemPatch } from './use-item-patch';
import { PropRow, PropSection, SelectProp, TextProp } from './prop-controls';

/** A data interface as the designer's picker lists it. */
interface InterfaceOption {
  id: string;
  fullName: string;
}

function useInterfaces(wanted: boolean): InterfaceOption[] | undefined {
  const online = useSnapshot(network).online;
  const [list, setList] = useState<InterfaceOption[] | undefined>(undefined);
  useEffect(() => {
    if (!wanted || !online) return;
    let live = true;
    request<{ list: InterfaceOption[] } | InterfaceOption[]>('GET', onlineDevPaths.dataInterfaces, undefined, { silent: true }).then(
      (d) => live && setList(Array.isArray(d) ? d : d.list),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [wanted, online]);
  return list;
}

/** The next option value not in use: 1, 2, 3 … */
const nextValue = (items: readonly FieldOption[]) => {
  const used = new Set(items.map((o) => o.value));
  let n = items.length + 1;
  while (used.has(String(n))) n++;
  return String(n);
};

/**
 * 选项: where an option control's options come from — a list kept in the model (add, remove,
 * reorder; each with its text and value), a dictionary of the system's data dictionaries, or a
 * data interface.
 */
export function FieldOptionsProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const patch = useItemPatch(item.id);
  const source = item.options ?? { kind: 'static', items: [] };
  const dictionaries = useDictionaries();
  const interfaces = useInterfaces(source.kind === 'interface');
  const setSource = (options: OptionSource, typed?: string) => patch({ options, ...(typed ? {} : { defaultValue: undefined }) }, typed);
  const changeKind = (kind: string) => {
    if (kind === source.kind) return;
    if (kind === 'static') setSource({ kind: 'static', items: [] });
    else if (kind === 'dictionary') setSource({ kind: 'dictionary', dictionary: dictionaries?.[0]?.enCode ?? '' });
    else setSource({ kind: 'interface', interfaceId: '', labelKey: 'fullName', valueKey: 'id' });
  };
  return (
    <PropSection title={<Trans>选项</Trans>}>
      <SelectProp
        label={t`数据来源`}
        value={source.kind}
        choices={[
          { value: 'static', label: t`静态数据` },
          { value: 'dictionary', label: t`数据字典` },
          { value: 'interface', label: t`数据接口` },
        ]}
        onChange={changeKind}
        testId="od-prop-optionsKind"
      />
      {source.kind === 'static' ? <StaticOptions items={source.items} onChange={(items, typed) => setSource({ kind: 'static', items }, typed)} /> : null}
      {source.kind === 'dictionary' ? (
        <SelectProp
          label={t`数据字典`}
          value={source.dictionary}
          empty={dictionaries ? t`请选择` : t`加载中…`}
          choices={(dictionaries ?? []).map((d) => ({ value: d.enCode, label: `${d.fullName}（${d.enCode}）` }))}
          onChange={(dictionary) => setSource({ kind: 'dictionary', dictionary })}
          testId="od-prop-dictionary"
        />
      ) : null}
      {source.kind === 'interface' ? (
        <>
          <SelectProp
            label={t`数据接口`}
            value={source.interfaceId}
            empty={interfaces ? t`请选择` : t`加载中…`}
            choices={(interfaces ?? []).map((d) => ({ value: d.id, label: d.fullName }))}
            onChange={(interfaceId) => setSource({ ...source, interfaceId })}
            testId="od-prop-interface"
          />
          <TextProp label={t`显示字段`} value={source.labelKey} onChange={(labelKey) => setSource({ ...source, labelKey }, 'options')} testId="od-prop-labelKey" />
          <TextProp label={t`值字段`} value={source.valueKey} onChange={(valueKey) => setSource({ ...source, valueKey }, 'options')} testId="od-prop-valueKey" />
        </>
      ) : null}
    </PropSection>
  );
}

function StaticOptions({ items, onChange }: { items: readonly FieldOption[]; onChange(items: FieldOption[], typed?: string): void }) {
  const { t } = useLingui();
  const set = (i: number, patch: Partial<FieldOption>, typed: string) => onChange(items.map((o, j) => (j === i ? { ...o, ...patch } : o)), `${typed}${i}`);
  const move = (i: number, d: -1 | 1) => {
    const next = [...items];
    [next[i], next[i + d]] = [next[i + d]!, next[i]!];
    onChange(next);
  };
  return (
    <PropRow label={t`选项（显示文字 / 值）`}>
      <Stack gap="1" w="full" data-testid="od-prop-options">
        {items.map((o, i) => (
          <HStack key={i} gap="1" data-testid="od-prop-option">
            <Input size="xs" value={o.label} onChange={(e) => set(i, { label: e.target.value }, 'optionLabel')} aria-label={t`选项${i + 1}的文字`} data-testid="od-prop-option-label" />
            <Input size="xs" w="16" flexShrink={0} value={o.value} onChange={(e) => set(i, { value: e.target.value }, 'optionValue')} aria-label={t`选项${i + 1}的值`} data-testid="od-prop-option-value" />
            <IconButton size="2xs" variant="ghost" aria-label={t`上移`} disabled={i === 0} onClick={() => move(i, -1)}>
              <ArrowUp />
            </IconButton>
            <IconButton size="2xs" variant="ghost" aria-label={t`下移`} disabled={i === items.length - 1} onClick={() => move(i, 1)}>
              <ArrowDown />
            </IconButton>
            <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={t`删除`} onClick={() => onChange(items.filter((_, j) => j !== i))} data-testid="od-prop-option-remove">
              <Trash2 />
            </IconButton>
          </HStack>
        ))}
        {items.length === 0 ? (
          <Text fontSize="xs" color="fg.muted">
            <Trans>还没有选项</Trans>
          </Text>
        ) : null}
        <Button
          size="xs"
          variant="outline"
          alignSelf="flex-start"
          disabled={items.length >= OPTIONS_MAX}
          onClick={() => onChange([...items, { label: t`选项${items.length + 1}`, value: nextValue(items) }])}
          data-testid="od-prop-option-add"
        >
          <Plus />
          <Trans>添加选项</Trans>
        </Button>
      </Stack>
    </PropRow>
  );
}

