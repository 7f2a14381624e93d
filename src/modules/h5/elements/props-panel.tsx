import { lazy, Suspense, useMemo, useRef, type ReactNode } from 'react';
import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { H5Element } from '@/contracts/h5';
import { elementProps, type PropField } from './element-def';
import { elementDef } from './index';
import { ImageControl, type PickImage } from './image-control';
import { ColorsControl, GridControl, ListControl, OptionsControl } from './panel-collections';
import { Block, ColorControl, NumberControl, Row, SelectControl, SwitchControl, TextareaControl, TextControl } from './panel-controls';

/** TipTap is loaded when a rich-text field is first shown. */
const RichTextControl = lazy(() => import('./richtext-control').then((m) => ({ default: m.RichTextControl })));

export interface PropsPanelProps {
  /** The element being edited (a snapshot is fine: the panel only reads it). */
  element: H5Element;
  /**
   * A change of pluginProps: `patch` is merged into them (whole values: a list is given whole).
   * `mergeKey` names the gesture: changes with the same key are one history step (a run of typing
   * in one field, a drag through the colour picker); '' is a step of its own (a switch, a select,
   * adding or removing an item, an upload).
   */
  onChange(patch: Record<string, unknown>, mergeKey: string): void;
  /** Opens the image library (素材库) for an image field; without it there is no library button. */
  onPickImage?: PickImage;
}

type Emit = (value: unknown, step?: boolean) => void;

/** One field's control, by kind. Lists render their item fields through this again. */
function FieldControl({ field, value, onChange, testId, onPickImage }: { field: PropField; value: unknown; onChange: Emit; testId: string; onPickImage?: PickImage }) {
  const { i18n } = useLingui();
  const label = i18n._(field.label);
  const common = { field, label, value, onChange, testId };
  const row = (control: ReactNode) => <Row label={label}>{control}</Row>;
  switch (field.kind) {
    case 'text':
      return row(<TextControl {...common} />);
    case 'url':
      return row(<TextControl {...common} type="url" />);
    case 'number':
      return row(<NumberControl {...common} />);
    case 'color':
      return row(<ColorControl {...common} />);
    case 'switch':
      return row(<SwitchControl {...common} />);
    case 'select':
      return row(<SelectControl {...common} />);
    case 'textarea':
      return (
        <Block label={label}>
          <TextareaControl {...common} />
        </Block>
      );
    case 'richtext':
      return (
        <Block label={label}>
          <Suspense fallback={<Skeleton h="28" />}>
            <RichTextControl value={typeof value === 'string' ? value : ''} onChange={(html) => onChange(html)} label={label} testId={testId} />
          </Suspense>
        </Block>
      );
    case 'image':
      return (
        <Block label={label}>
          <ImageControl {...common} onPickImage={onPickImage} />
        </Block>
      );
    case 'list':
      return (
        <ListControl
          {...common}
          renderField={(f, v, change, id) => <FieldControl field={f} value={v} onChange={change} testId={id} onPickImage={onPickImage} />}
        />
      );
    case 'options':
      return <OptionsControl {...common} />;
    case 'grid':
    case 'chart-data':
      return <GridControl {...common} />;
    case 'colors':
      return <ColorsControl {...common} />;
  }
}

/**
 * The element type's property panel, generated from its `fields` (ARCHITECTURE rule 6: the panel is
 * data). Values shown are the props as the renderer sees them (parsed: defaults filled, bad values
 * repaired). Each focus of a control starts a new gesture, so typing, leaving and typing again in
 * the same field makes two undo steps, and one run of typing makes one.
 */
export function PropsPanel({ element, onChange, onPickImage }: PropsPanelProps) {
  const def = elementDef(element.name);
  const props = useMemo(() => (def ? elementProps(def, element.pluginProps) : {}), [def, element.pluginProps]);
  const gesture = useRef(0);
  if (!def) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="props-panel-unknown">
        <Trans>未知的组件类型：{element.name}</Trans>
      </Text>
    );
  }
  const emit =
    (key: string): Emit =>
    (value, step) =>
      onChange({ [key]: value }, step ? '' : `props:${element.uuid}:${key}:${gesture.current}`);
  return (
    <Stack gap="3" onFocusCapture={() => gesture.current++} data-testid="props-panel">
      {def.fields.map((f) => (
        <FieldControl key={f.key} field={f} value={props[f.key]} onChange={emit(f.key)} testId={`prop-${f.key}`} onPickImage={onPickImage} />
      ))}
    </Stack>
  );
}
