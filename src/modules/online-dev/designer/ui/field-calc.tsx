import { useRef } from 'react';
import { Button, Textarea, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CALC_MAX_PRECISION } from '@/contracts/online-dev';
import { valueFields, valueKind, type ModelField } from '@/contracts/online-dev-model';
import { locate } from '../core/tree';
import { useItemPatch } from './use-item-patch';
import { NumberProp, PropRow, PropSection, SwitchProp } from './prop-controls';
import { useDesigner, useDesignerView } from './use-designer';

const OPERATORS = ['+', '-', '×', '÷', '(', ')'] as const;

interface Chip {
  text: string;
  label: string;
}

/** What a calculation may read: the form's number fields and, per input table, its number columns (a row's own cell inside that table, the sum elsewhere). */
function useChips(item: ModelField): Chip[] {
  const view = useDesignerView();
  const fields = view.state.doc.draft.form.fields;
  const table = locate(fields, item.id)?.container;
  const own = table?.type === 'table' ? table : null;
  const chips: Chip[] = [];
  for (const f of valueFields(fields)) {
    if (f.type === 'table') {
      for (const c of f.columns ?? []) {
        if (valueKind(c) !== 'number' || c.id === item.id) continue;
        const ref = `{${f.key}.${c.key}}`;
        chips.push({ text: own?.id === f.id ? ref : `SUM(${ref})`, label: `${f.label}.${c.label || c.key}` });
      }
    } else if (valueKind(f) === 'number' && f.id !== item.id) chips.push({ text: `{${f.key}}`, label: f.label || f.key });
  }
  return chips;
}

/** 计算公式: the expression with clickable field chips and operator buttons (spec 9: + - × ÷ and parentheses), and how the result shows. */
export function FieldCalcProps({ item }: { item: ModelField }) {
  const { t } = useLingui();
  const designer = useDesigner();
  const patch = useItemPatch(item.id);
  const chips = useChips(item);
  const box = useRef<HTMLTextAreaElement>(null);
  const expression = item.expression ?? '';

  /** Puts text at the cursor (or the end) and the cursor after it. */
  const insert = (text: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? expression.length;
    const end = el?.selectionEnd ?? expression.length;
    const pad = /^[+\-×÷]$/.test(text) ? ` ${text} ` : text;
    const next = expression.slice(0, start) + pad + expression.slice(end);
    patch({ expression: next }, 'expression');
    designer.seal();
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + pad.length, start + pad.length);
    });
  };

  return (
    <PropSection title={<Trans>计算公式</Trans>}>
      <PropRow label={t`公式`} helper={<Trans>点击下方的字段和运算符插入公式，也可以直接输入。</Trans>}>
        <Textarea
          ref={box}
          size="sm"
          rows={3}
          fontFamily="mono"
          value={expression}
          placeholder={t`例如 {price} × {qty}`}
          onChange={(e) => patch({ expression: e.target.value }, 'expression')}
          onBlur={() => designer.seal()}
          data-testid="od-prop-expression"
        />
      </PropRow>
      <Wrap gap="1" data-testid="od-prop-calc-operators">
        {OPERATORS.map((op) => (
          <Button key={op} size="2xs" variant="outline" minW="7" onClick={() => insert(op)} data-testid={`od-prop-calc-op-${op}`}>
            {op}
          </Button>
        ))}
      </Wrap>
      <Wrap gap="1" data-testid="od-prop-calc-fields">
        {chips.length ? (
          chips.map((c) => (
            <Button key={c.text} size="2xs" variant="subtle" colorPalette="brand" onClick={() => insert(c.text)} title={c.text} data-testid="od-prop-calc-field">
              {c.label}
            </Button>
          ))
        ) : (
          <Trans>表单中还没有数字字段</Trans>
        )}
      </Wrap>
      <NumberProp label={t`小数位数`} value={item.precision} onChange={(precision) => patch({ precision }, 'precision')} testId="od-prop-precision" integer min={0} max={CALC_MAX_PRECISION} />
      <SwitchProp label={t`千位分隔符`} checked={!!item.thousands} onChange={(v) => patch({ thousands: v || undefined })} testId="od-prop-thousands" />
      <SwitchProp label={t`显示大写金额`} checked={!!item.amountChinese} onChange={(v) => patch({ amountChinese: v || undefined })} testId="od-prop-amountChinese" />
    </PropSection>
  );
}
