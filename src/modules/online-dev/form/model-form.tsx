import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useForm, useFormState, type Control } from 'react-hook-form';
import type { FormConfig, ModelField, TabPane } from '@/contracts/online-dev-model';
import { valueFields } from '@/contracts/online-dev-model';
import { recompute, type RecordContext, type RecordIssue } from '@/contracts/online-dev-record';
import { useNarrowScreen } from '@/components/use-media';
import { notify } from '@/lib/notify';
import { FormRuntimeContext } from '../controls/runtime';
import { DetailItem, FormItem, type ItemSettings } from './form-item';
import { FormLayout } from './form-layout';
import { initialValues, issuesToErrors, type FormValues } from './form-values';
import { translateIssue } from './messages';
import { recordResolver } from './resolver';
import { useFormCalcs } from './use-form-calcs';

export interface ModelFormProps {
  modelId: string;
  form: FormConfig;
  /** detail: read-only, values shown as text (no inputs). */
  mode: 'create' | 'edit' | 'detail';
  /** edit / detail: the record (RecordRow); create: an optional prefill. */
  values?: Record<string, unknown>;
  /** The id of the <form>: a dialog footer's submit button uses form={formId}. */
  formId: string;
  /** The checked, normalised values with the calculations recomputed. */
  onSubmit?(values: Record<string, unknown>): Promise<void> | void;
  /** The server's refusal (400) mapped to fields: shown under them. */
  issues?: RecordIssue[];
  /** Options of dictionary- and interface-fed fields, for the checks. */
  context?: RecordContext;
  testId?: string;
}

/**
 * A model's form (issue 20) for creating, editing or showing a record: the items of its FormConfig
 * laid out in a 24-column grid (labels on top and full width on a phone), each value field the
 * control of its type. Checked with the shared record schema (the server's own checks) through
 * react-hook-form; calculations recompute 500 ms after a change and once more before the submit;
 * an input table's empty required cell (spec 5.4) keeps the submit from going through.
 */
export function ModelForm(props: ModelFormProps) {
  return props.mode === 'detail' ? <DetailForm {...props} /> : <EditForm {...props} />;
}

function useItemLayout(form: FormConfig) {
  const narrow = useNarrowScreen();
  const position: ItemSettings['position'] = narrow ? 'top' : form.labelPosition;
  return { narrow, position };
}

function DetailForm({ form, values, formId, testId }: ModelFormProps) {
  const { narrow, position } = useItemLayout(form);
  const shown = useMemo(() => initialValues(form.fields, 'detail', values ?? {}), [form.fields, values]);
  const settings = useMemo(() => ({ position, labelWidth: form.labelWidth }), [position, form.labelWidth]);
  return (
    <Box id={formId} data-testid={testId ?? 'od-form'} data-mode="detail">
      <FormLayout fields={form.fields} narrow={narrow} renderField={(f) => <DetailItem field={f} value={shown[f.key]} settings={settings} />} />
    </Box>
  );
}

/** A red dot beside a tab's title while a field in its pane is invalid. */
function TabMark({ control, pane }: { control: Control<FormValues>; pane: TabPane }) {
  const names = useMemo(() => valueFields(pane.children).map((f) => f.key).filter(Boolean), [pane]);
  const { errors } = useFormState({ control, name: names });
  const invalid = names.some((n) => !!errors[n]);
  return invalid ? <Box as="span" w="1.5" h="1.5" rounded="full" bg="fg.error" ms="1" aria-hidden data-testid="od-tab-invalid" /> : null;
}

function EditForm({ modelId, form, mode, values, formId, onSubmit, issues, context, testId }: ModelFormProps) {
  const { t } = useLingui();
  const { narrow, position } = useItemLayout(form);
  const resolver = useMemo(() => recordResolver(form.fields, context), [form.fields, context]);
  // Where the form starts is read once, when it mounts (a new record: mount a new form).
  const [defaults] = useState(() => initialValues(form.fields, mode, values ?? {}));
  const { control, handleSubmit, getValues, setValue, setError } = useForm<FormValues>({ defaultValues: defaults, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const calcs = useFormCalcs(form.fields, getValues, setValue);
  const runtime = useMemo(() => ({ touch: calcs.touch }), [calcs]);
  const settings = useMemo(() => ({ position, labelWidth: form.labelWidth, modelId }), [position, form.labelWidth, modelId]);

  useEffect(() => {
    if (!issues?.length) return;
    for (const [key, error] of Object.entries(issuesToErrors(issues, translateIssue))) setError(key, error);
  }, [issues, setError]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    calcs.flush();
    const formEl = e.currentTarget;
    handleSubmit(
      async (checked) => {
        await onSubmit?.(recompute(form.fields, checked));
      },
      // The first invalid field (or cell) into view and focused: on a phone it may be far away.
      () => focusWhenShown(formEl),
    )(e).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      notify({ kind: 'error', title: t`保存失败：${reason}` });
    });
  };

  const renderField = (f: ModelField) => <FormItem field={f} control={control} settings={settings} touch={calcs.touch} />;
  return (
    <FormRuntimeContext.Provider value={runtime}>
      <form id={formId} onSubmit={submit} noValidate data-testid={testId ?? 'od-form'} data-mode={mode}>
        <FormLayout fields={form.fields} narrow={narrow} renderField={renderField} renderTabMark={(pane) => <TabMark control={control} pane={pane} />} />
      </form>
    </FormRuntimeContext.Provider>
  );
}

/**
 * Focuses the first invalid field once the errors are on screen: React commits them after the
 * submit's handler returns, a frame or a few later on a busy phone, so it looks for up to ten frames.
 */
function focusWhenShown(formEl: HTMLFormElement, frames = 10) {
  const next = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 16);
  next(() => {
    if (!focusFirstInvalid(formEl) && frames > 1) focusWhenShown(formEl, frames - 1);
  });
}

/** The first invalid control (or, failing one, the first invalid group) scrolled into view and focused; false when there is none yet. */
function focusFirstInvalid(formEl: HTMLFormElement) {
  const invalid = '[aria-invalid="true"]';
  const first = formEl.querySelector<HTMLElement>(['input', 'textarea', 'select', 'button', '[role]'].map((t) => `${t}${invalid}`).join(', ')) ?? formEl.querySelector<HTMLElement>(invalid);
  if (!first) return false;
  first.scrollIntoView?.({ block: 'center' });
  first.focus({ preventScroll: true });
  return true;
}
