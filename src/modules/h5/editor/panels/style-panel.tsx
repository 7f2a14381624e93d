import type { ReactNode } from 'react';
import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { BORDER_STYLES, TEXT_ALIGNS, type BoxSides, type BorderSpec, type CommonStyle, type H5Element } from '@/contracts/h5';
import { patchElement } from '../../core/actions';
import { ColorField, FieldRow, NumberField, SelectField } from './fields';

type Side = 'top' | 'right' | 'bottom' | 'left';
const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="2" as="section">
      <Heading size="xs" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** Four numbers (上 右 下 左) of a margin, padding or border box; the box is given whole. */
function SidesField<B extends BoxSides>({ label, value, onChange, testId }: { label: string; value: B; onChange(next: B): void; testId: string }) {
  const { t } = useLingui();
  const names: Record<Side, string> = { top: t`上`, right: t`右`, bottom: t`下`, left: t`左` };
  return (
    <FieldRow label={label}>
      <Grid templateColumns="repeat(4, 1fr)" gap="1">
        {SIDES.map((side) => (
          <Stack key={side} gap="0" align="center">
            <NumberField
              label={`${label} ${names[side]}`}
              value={value[side].value}
              min={0}
              max={2000}
              onChange={(v) => onChange({ ...value, [side]: { ...value[side], value: v } })}
              testId={`${testId}-${side}`}
            />
            <Text fontSize="2xs" color="fg.muted">
              {names[side]}
            </Text>
          </Stack>
        ))}
      </Grid>
    </FieldRow>
  );
}

/**
 * The common style of an element (spec 3 commonStyle): position, size, rotation, text, colours,
 * opacity, radius, border, margin and padding. A run of typing in one field is one history step.
 */
export function StylePanel({ element }: { element: H5Element }) {
  const { t } = useLingui();
  const s = element.commonStyle;
  const set = <K extends keyof CommonStyle>(key: K, value: CommonStyle[K]) =>
    patchElement(element.uuid, { commonStyle: { [key]: value } as Partial<CommonStyle> }, { merge: `style:${element.uuid}:${String(key)}` });
  const alignNames: Record<(typeof TEXT_ALIGNS)[number], string> = { left: t`左对齐`, center: t`居中`, right: t`右对齐`, justify: t`两端对齐` };
  const borderNames: Record<BorderSpec['style'], string> = { solid: t`实线`, dashed: t`虚线`, dotted: t`点线`, none: t`无` };
  return (
    <Stack gap="5" data-testid="style-panel">
      <Section title={t`位置和尺寸`}>
        <Grid templateColumns="1fr 1fr" gap="2">
          <FieldRow label="X">
            <NumberField label={t`左边距离`} value={s.left} min={-4000} max={8000} onChange={(v) => set('left', v)} testId="style-left" />
          </FieldRow>
          <FieldRow label="Y">
            <NumberField label={t`上边距离`} value={s.top} min={-4000} max={40000} onChange={(v) => set('top', v)} testId="style-top" />
          </FieldRow>
          <FieldRow label={t`宽`}>
            <NumberField label={t`宽度`} value={s.width} min={1} max={8000} onChange={(v) => set('width', v)} testId="style-width" />
          </FieldRow>
          <FieldRow label={t`高`}>
            <NumberField label={t`高度`} value={s.height} min={1} max={40000} onChange={(v) => set('height', v)} testId="style-height" />
          </FieldRow>
        </Grid>
        <FieldRow label={t`旋转`}>
          <NumberField label={t`旋转角度`} value={s.rotate ?? 0} min={-360} max={360} unit="°" onChange={(v) => set('rotate', v)} testId="style-rotate" />
        </FieldRow>
      </Section>
      <Section title={t`文字`}>
        <FieldRow label={t`字号`}>
          <NumberField label={t`字号`} value={s.fontSize} min={0} max={400} unit="px" onChange={(v) => set('fontSize', v)} testId="style-font-size" />
        </FieldRow>
        <FieldRow label={t`颜色`}>
          <ColorField label={t`文字颜色`} value={s.color} onChange={(v) => set('color', v)} testId="style-color" />
        </FieldRow>
        <FieldRow label={t`对齐`}>
          <SelectField label={t`文字对齐`} value={s.textAlign} options={TEXT_ALIGNS.map((a) => ({ value: a, label: alignNames[a] }))} onChange={(v) => set('textAlign', v)} testId="style-text-align" />
        </FieldRow>
      </Section>
      <Section title={t`外观`}>
        <FieldRow label={t`背景色`}>
          <ColorField label={t`背景颜色`} value={s.backgroundColor} onChange={(v) => set('backgroundColor', v)} testId="style-background" />
        </FieldRow>
        <FieldRow label={t`不透明度`}>
          <NumberField label={t`不透明度`} value={Math.round((s.opacity ?? 1) * 100)} min={0} max={100} unit="%" onChange={(v) => set('opacity', v / 100)} testId="style-opacity" />
        </FieldRow>
        <FieldRow label={t`圆角`}>
          <NumberField label={t`圆角`} value={s.borderRadius ?? 0} min={0} max={2000} unit="px" onChange={(v) => set('borderRadius', v)} testId="style-radius" />
        </FieldRow>
      </Section>
      <Section title={t`边框`}>
        <FieldRow label={t`样式`}>
          <SelectField
            label={t`边框样式`}
            value={s.border.style}
            options={BORDER_STYLES.map((b) => ({ value: b, label: borderNames[b] }))}
            onChange={(v) => set('border', { ...s.border, style: v })}
            testId="style-border-style"
          />
        </FieldRow>
        <FieldRow label={t`颜色`}>
          <ColorField label={t`边框颜色`} value={s.border.color} onChange={(v) => set('border', { ...s.border, color: v })} testId="style-border-color" />
        </FieldRow>
        <SidesField label={t`宽度`} value={s.border} onChange={(b) => set('border', b)} testId="style-border" />
      </Section>
      <Section title={t`边距`}>
        <SidesField label={t`外边距`} value={s.margin} onChange={(b) => set('margin', b)} testId="style-margin" />
        <SidesField label={t`内边距`} value={s.padding} onChange={(b) => set('padding', b)} testId="style-padding" />
      </Section>
    </Stack>
  );
}
