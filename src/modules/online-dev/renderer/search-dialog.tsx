import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListFilter } from 'lucide-react';
import { RANGE_SEPARATOR, valueFields, valueKind, type FieldOption, type ModelConfig, type ModelField, type RelationOption } from '@/contracts/online-dev-model';
import { DialogFrame } from '@/components/dialog-frame';
import { FormField } from '@/components/form-field';
import { RegionSelect } from '@/modules/base/public';
import { CompanySelect, DepartmentSelect, PositionSelect, UserSelect } from '@/modules/org/public';
import { useFormServices } from '../form/services';
import { encodeSearch, searchValues } from './list-query';

type Values = Record<string, string>;

/** Option items flattened, a child's label with its parents' (床垫 / 弹簧床垫). */
function flatOptions(items: readonly FieldOption[] | undefined, prefix = ''): { value: string; label: string }[] {
  return (items ?? []).flatMap((o) => [{ value: o.value, label: prefix + o.label }, ...flatOptions(o.children, `${prefix}${o.label} / `)]);
}

function OptionSelect({ field, value, onChange, items }: { field: ModelField; value: string; onChange(v: string): void; items: { value: string; label: string }[] }) {
  const { t } = useLingui();
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={field.label} data-testid={`od-search-${field.key}`}>
        <option value="">{t`全部`}</option>
        {items.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function RelationSelect({ field, value, onChange }: { field: ModelField; value: string; onChange(v: string): void }) {
  const services = useFormServices();
  const [items, setItems] = useState<RelationOption[]>([]);
  useEffect(() => {
    let live = true;
    void services.relationOptions(field, '').then((list) => live && setItems(list));
    return () => {
      live = false;
    };
  }, [services, field]);
  return <OptionSelect field={field} value={value} onChange={onChange} items={items.map((o) => ({ value: o.id, label: o.fullName }))} />;
}

/** A range `from,to` as two inputs of one type. */
function RangeInput({ field, value, onChange, type }: { field: ModelField; value: string; onChange(v: string): void; type: string }) {
  const { t } = useLingui();
  const [from = '', to = ''] = value.split(RANGE_SEPARATOR);
  const set = (a: string, b: string) => onChange(a || b ? `${a}${RANGE_SEPARATOR}${b}` : '');
  return (
    <HStack gap="2">
      <Input size="sm" type={type} value={from} onChange={(e) => set(e.currentTarget.value, to)} aria-label={t`${field.label}（起）`} data-testid={`od-search-${field.key}-from`} />
      <Text color="fg.muted">–</Text>
      <Input size="sm" type={type} value={to} onChange={(e) => set(from, e.currentTarget.value)} aria-label={t`${field.label}（止）`} data-testid={`od-search-${field.key}-to`} />
    </HStack>
  );
}

/** The search control of one field, as the server compares it (record-query.ts). */
function SearchControl({ field, value, onChange }: { field: ModelField; value: string; onChange(v: string): void }) {
  const { t } = useLingui();
  const options = useFormServices().useOptions(field);
  const items = useMemo(() => flatOptions(field.options?.kind === 'static' ? field.options.items : options), [field, options]);
  const picker = { value: value || null, onChange: (v: string | null) => onChange(v ?? ''), size: 'sm' as const, 'data-testid': `od-search-${field.key}` };
  switch (field.type) {
    case 'userSelect':
      return <UserSelect {...picker} />;
    case 'depSelect':
      return <DepartmentSelect {...picker} />;
    case 'comSelect':
      return <CompanySelect {...picker} />;
    case 'posSelect':
      return <PositionSelect {...picker} />;
    case 'address':
      return <RegionSelect value={value ? [value] : []} depth={field.level ?? 3} size="sm" onChange={(ids) => onChange(ids[ids.length - 1] ?? '')} />;
    case 'switch':
      return <OptionSelect field={field} value={value} onChange={onChange} items={[{ value: 'true', label: field.activeText || t`是` }, { value: 'false', label: field.inactiveText || t`否` }]} />;
    case 'relationForm':
      return <RelationSelect field={field} value={value} onChange={onChange} />;
    case 'date':
      return <RangeInput field={field} value={value} onChange={onChange} type={field.format === 'YYYY-MM' ? 'month' : 'date'} />;
    case 'time':
      return <RangeInput field={field} value={value} onChange={onChange} type="time" />;
    default:
      if (valueKind(field) === 'number') return <RangeInput field={field} value={value} onChange={onChange} type="number" />;
      if (field.options) return <OptionSelect field={field} value={value} onChange={onChange} items={items} />;
      return <Input size="sm" value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={field.label} data-testid={`od-search-${field.key}`} />;
  }
}

/** 筛选: the model's search fields in a dialog (查询 / 重置); the button counts the conditions in use. */
export function SearchButton({ config, value, onChange }: { config: ModelConfig; value: string; onChange(f: string): void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const applied = useMemo(() => searchValues(config, value), [config, value]);
  const [draft, setDraft] = useState<Values>(applied);
  const fields = useMemo(() => {
    const byKey = new Map(valueFields(config.form.fields).map((f) => [f.key, f]));
    return config.list.searchFields.map((k) => byKey.get(k)).filter((f): f is ModelField => !!f);
  }, [config]);
  const count = Object.keys(applied).length;
  const show = () => {
    setDraft(applied);
    setOpen(true);
  };
  const apply = (next: Values) => {
    onChange(encodeSearch(next));
    setOpen(false);
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={show} data-testid="od-search-open">
        <ListFilter />
        <Trans>筛选</Trans>
        {count ? (
          <Badge size="sm" colorPalette="brand" variant="solid">
            {count}
          </Badge>
        ) : null}
      </Button>
      <DialogFrame
        open={open}
        onClose={() => setOpen(false)}
        title={t`筛选`}
        size="lg"
        testId="od-search-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => apply({})} data-testid="od-search-reset">
              <Trans>重置</Trans>
            </Button>
            <Button colorPalette="brand" onClick={() => apply(draft)} data-testid="od-search-apply">
              <Trans>查询</Trans>
            </Button>
          </>
        }
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {fields.map((f) => (
            <FormField key={f.key} label={f.label}>
              <SearchControl field={f} value={draft[f.key] ?? ''} onChange={(v) => setDraft((d) => ({ ...d, [f.key]: v }))} />
            </FormField>
          ))}
        </SimpleGrid>
      </DialogFrame>
    </>
  );
}
