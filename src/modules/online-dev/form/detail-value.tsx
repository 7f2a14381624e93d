import { useEffect, useState } from 'react';
import { Box, HStack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_REGION_DEPTH } from '@/contracts/base';
import type { ControlType } from '@/contracts/online-dev';
import { isSystemField, type FieldOption, type ModelField } from '@/contracts/online-dev-model';
import { findPath, pathLabel, pathRequests } from '@/components/region-path';
import { loadRegions } from '@/modules/base/public';
import { useOrgNames, type OrgNameKind } from '@/modules/org/public';
import { FileList } from '../controls/file-list';
import { useFieldOptions } from '../controls/options';
import { RichTextView } from '@/components/rich-text-view';
import { CalcText, SystemText } from '../controls/special-controls';
import { entriesOf } from '../controls/upload-flow';
import { optionText, switchText, valuesOf } from './display';
import { useFormServices } from './services';

/** Shown for a field with no value. */
function Empty() {
  return (
    <Text as="span" color="fg.subtle">
      —
    </Text>
  );
}

const plain = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join('、') : String(v));

function OptionText({ field, items, value }: { field: ModelField; items: readonly FieldOption[] | undefined; value: unknown }) {
  const text = optionText(field, items, value);
  return text ? <>{text}</> : <Empty />;
}

/** A value of a field fed by a dictionary or a data interface: its options from the page's services. */
function SourcedOptionValue({ field, value }: { field: ModelField; value: unknown }) {
  return <OptionText field={field} items={useFieldOptions(field)} value={value} />;
}

/**
 * Options listed in the model need nothing from the page's services: a list's cells of such a
 * field do not each open the services' cache reads.
 */
function OptionValue({ field, value }: { field: ModelField; value: unknown }) {
  const source = field.options;
  if (source && source.kind !== 'static') return <SourcedOptionValue field={field} value={value} />;
  return <OptionText field={field} items={source?.items ?? []} value={value} />;
}

const ORG_KINDS: Partial<Record<ControlType, OrgNameKind>> = { comSelect: 'company', depSelect: 'department', posSelect: 'position', userSelect: 'user' };

function OrgValue({ kind, value }: { kind: OrgNameKind; value: unknown }) {
  const names = useOrgNames(kind, valuesOf(value));
  return names.length ? <>{names.join('、')}</> : <Empty />;
}

/** A region path by its names, read from this device's region cache (ids while they load or when unknown). */
function RegionValue({ field, value }: { field: ModelField; value: unknown }) {
  const ids = valuesOf(value);
  const key = ids.join('/');
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const want = key.split('/');
    const depth = field.level ?? DEFAULT_REGION_DEPTH;
    Promise.all(pathRequests(want, depth).map((r) => loadRegions(r.grade, r.parentId))).then(
      (lists) => live && setText(pathLabel(findPath(want, lists)) || want.join(' / ')),
      () => live && setText(want.join(' / ')),
    );
    return () => {
      live = false;
    };
  }, [key, field.level]);
  if (!ids.length) return <Empty />;
  return <>{text ?? ids.join(' / ')}</>;
}

function RelationValue({ field, value }: { field: ModelField; value: unknown }) {
  const id = typeof value === 'string' && value ? value : null;
  const label = useFormServices().useRelationLabel(field, id);
  return id ? <>{label ?? id}</> : <Empty />;
}

/** An input table read-only: its rows under its columns' labels (scrolls sideways when wide). */
function TableValue({ field, value }: { field: ModelField; value: unknown }) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const columns = field.columns ?? [];
  if (!rows.length) return <Empty />;
  return (
    <Box overflowX="auto" borderWidth="1px" rounded="md" w="full">
      <Table.Root size="sm" aria-label={field.label}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="10" textAlign="center">
              #
            </Table.ColumnHeader>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} whiteSpace="nowrap">
                {c.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={i} data-testid={`od-table-${field.key}-row`}>
              <Table.Cell textAlign="center" color="fg.muted" fontSize="xs">
                {i + 1}
              </Table.Cell>
              {columns.map((c) => (
                <Table.Cell key={c.key} fontSize="sm" data-testid={`od-cell-${field.key}-${c.key}`}>
                  <DetailValue field={c} value={row?.[c.key]} inCell />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * A value as display text (detail mode, spec 7.6 DataChange on the device): option labels, switch
 * words, names of users, departments and regions, files as links and thumbnails, rich text as
 * sanitized HTML, input tables as a read-only table, calculations formatted.
 */
export function DetailValue({ field, value, inCell = false }: { field: ModelField; value: unknown; inCell?: boolean }) {
  const { t } = useLingui();
  if (isSystemField(field)) return valuesOf(value).length ? <SystemText field={field} value={value} /> : <Empty />;
  const org = ORG_KINDS[field.type];
  if (org) return <OrgValue kind={org} value={value} />;
  switch (field.type) {
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'cascader':
    case 'treeSelect':
      return <OptionValue field={field} value={value} />;
    case 'switch':
      return <>{switchText(field, value, t`是`, t`否`)}</>;
    case 'address':
      return <RegionValue field={field} value={value} />;
    case 'relationForm':
      return <RelationValue field={field} value={value} />;
    case 'calculate':
      return <CalcText field={field} value={value} testId={inCell ? undefined : `od-calc-${field.key}`} />;
    case 'uploadFz':
    case 'uploadImg': {
      const entries = entriesOf(value);
      return entries.length ? <FileList entries={entries} players={!inCell} testId={`od-upload-${field.key}`} /> : <Empty />;
    }
    case 'editor':
      return typeof value === 'string' && value ? <RichTextView html={value} testId={`od-rich-${field.key}`} /> : <Empty />;
    case 'table':
      return <TableValue field={field} value={value} />;
    case 'colorPicker':
      return typeof value === 'string' && value ? (
        <HStack gap="2">
          <Box w="4" h="4" rounded="sm" borderWidth="1px" style={{ background: value }} aria-hidden />
          <Text as="span">{value}</Text>
        </HStack>
      ) : (
        <Empty />
      );
    case 'textarea': {
      const text = plain(value);
      return text ? (
        <Text as="span" whiteSpace="pre-wrap">
          {text}
        </Text>
      ) : (
        <Empty />
      );
    }
    default: {
      const text = plain(value);
      return text ? <>{text}</> : <Empty />;
    }
  }
}
