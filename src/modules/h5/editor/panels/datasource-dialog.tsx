import { useState } from 'react';
import { Box, Button, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import type { LoadOutcome } from '../../datasource/engine';
import { testDatasource } from '../../datasource/editor-data';
import { checkHttpUrl, parseStaticJson, REFRESH_MAX_SECONDS, REFRESH_MIN_SECONDS, type DataError, type DatasourceDoc } from '../../datasource/kinds';
import { createDatasource, DatasourceOpError, editDatasource } from '../../datasource/ops';
import { useDataErrorText, useKindNames } from './datasource-messages';
import { NumberField } from './fields';
import { JsonPreview } from './json-preview';

/**
 * 添加 / 编辑 a datasource: its name, kind and the kind's data (JSON typed in, the url of an API, a
 * CSV file), when it refreshes, its pipe, and 「测试」 which loads it as edited and shows the data,
 * then the pipe's result or its error. 保存 is one document change (add or edit, spec 4).
 */

const mono = { fontFamily: 'mono', fontSize: 'xs' } as const;
/** A binding's form (a value, not message text: braces are placeholders in the catalogs' format). */
export const TEMPLATE_EXAMPLE = '{{名称.字段}}';

export function DatasourceDialog({ initial, isNew, onClose }: { initial: DatasourceDoc; isNew: boolean; onClose(): void }) {
  const { t } = useLingui();
  const errorText = useDataErrorText();
  const kindNames = useKindNames();
  const [draft, setDraft] = useState<DatasourceDoc>(initial);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [csvError, setCsvError] = useState<DataError | null>(null);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<LoadOutcome | null>(null);
  const set = (patch: Partial<DatasourceDoc>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaveError(null);
  };

  const json = draft.type === 'STATIC' ? parseStaticJson(draft.json ?? '') : null;
  const url = draft.type === 'HTTP_API' ? checkHttpUrl(draft.url) : null;
  const kindError = json && !json.ok ? json.error : url && !url.ok && draft.url.trim() ? url.error : null;

  const pickCsv = async (file: File | undefined) => {
    if (!file) return;
    const { parseCsvFile } = await import('../../datasource/csv');
    const parsed = await parseCsvFile(file);
    if (!parsed.ok) return setCsvError(parsed.error);
    setCsvError(null);
    set({ rows: parsed.value.rows, columns: parsed.value.columns, fileName: file.name });
  };

  const runTest = async () => {
    setTesting(true);
    try {
      setOutcome(await testDatasource(draft));
    } finally {
      setTesting(false);
    }
  };

  const save = () => {
    try {
      const { id, ...patch } = draft;
      if (isNew) createDatasource(patch);
      else editDatasource(id, patch);
      onClose();
    } catch (e) {
      if (e instanceof DatasourceOpError) setSaveError(errorText(e.error));
      else throw e;
    }
  };

  return (
    <FormDialog title={isNew ? t`添加数据源` : t`编辑数据源`} size="lg" testId="ds-form" onClose={onClose} onSubmit={save} note={saveError ? <Text color="fg.error">{saveError}</Text> : undefined}>
      <HStack gap="3" align="start">
        <Box flex="1">
          <FormField label={t`名称`} helper={t`绑定时写作 ${TEMPLATE_EXAMPLE}`}>
            <Input size="sm" value={draft.name} onChange={(e) => set({ name: e.target.value })} data-testid="ds-form-name" />
          </FormField>
        </Box>
        <Box flex="1">
          <FormField label={t`类型`}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={draft.type} onChange={(e) => set({ type: e.target.value as DatasourceDoc['type'] })} data-testid="ds-form-type">
                {(['STATIC', 'HTTP_API', 'CSV'] as const).map((k) => (
                  <option key={k} value={k}>
                    {kindNames[k]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
      </HStack>

      {draft.type === 'STATIC' ? (
        <FormField label={t`JSON数据`} error={kindError && draft.json?.trim() ? errorText(kindError) : undefined} helper={t`最大256KB`}>
          <Textarea {...mono} rows={8} value={draft.json ?? ''} onChange={(e) => set({ json: e.target.value })} placeholder='{"name": "旗舰店"}' data-testid="ds-form-json" />
        </FormField>
      ) : null}
      {draft.type === 'HTTP_API' ? (
        <FormField
          label={t`接口地址`}
          error={kindError ? errorText(kindError) : undefined}
          helper={t`GET 请求。编辑器中由浏览器直接请求（接口需允许跨域 CORS）；发布后的页面经服务器代理请求，不能访问内网地址。`}
        >
          <Input size="sm" {...mono} value={draft.url} onChange={(e) => set({ url: e.target.value })} placeholder="https://" data-testid="ds-form-url" />
        </FormField>
      ) : null}
      {draft.type === 'CSV' ? (
        <FormField label={t`CSV文件`} error={csvError ? errorText(csvError) : undefined} helper={t`第一行为表头；最大1MB、5000行`}>
          <Stack gap="1">
            <Input size="sm" type="file" accept=".csv,text/csv" onChange={(e) => void pickCsv(e.target.files?.[0])} data-testid="ds-form-csv" />
            {draft.fileName ? (
              <Text fontSize="xs" color="fg.muted" data-testid="ds-form-csv-info">
                {t`${draft.fileName}：${draft.rows?.length ?? 0} 行；列：${(draft.columns ?? []).join('、')}`}
              </Text>
            ) : null}
          </Stack>
        </FormField>
      ) : null}

      <HStack gap="3" align="end">
        <Box flex="1">
          <FormField label={t`刷新方式`}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={draft.refreshType} onChange={(e) => set({ refreshType: e.target.value as DatasourceDoc['refreshType'] })} data-testid="ds-form-refresh">
                <option value="once">{t`单次触发`}</option>
                <option value="fixed">{t`定时更新`}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Box>
        <Box flex="1">
          {draft.refreshType === 'fixed' ? (
            <FormField label={t`间隔（秒）`} helper={t`页面不可见时暂停`}>
              <NumberField label={t`间隔（秒）`} value={draft.refreshInterval} min={REFRESH_MIN_SECONDS} max={REFRESH_MAX_SECONDS} unit="s" onChange={(v) => set({ refreshInterval: Math.round(v) })} testId="ds-form-interval" />
            </FormField>
          ) : null}
        </Box>
      </HStack>

      <FormField label={t`处理表达式`} helper={t`JSONata 表达式，输入为数据源的数据，结果放入页面共享数据；留空则原样使用。运行超过1秒会被停止。`}>
        <Textarea {...mono} rows={3} value={draft.pipe} onChange={(e) => set({ pipe: e.target.value })} placeholder="items[price > 100].{ &quot;title&quot;: name }" data-testid="ds-form-pipe" />
      </FormField>

      <Stack gap="2">
        <HStack>
          <Button size="xs" variant="outline" onClick={() => void runTest()} loading={testing} data-testid="ds-form-test">
            <Trans>测试</Trans>
          </Button>
          {outcome?.error ? (
            <Text fontSize="xs" color="fg.error" data-testid="ds-form-test-error">
              {errorText(outcome.error)}
            </Text>
          ) : null}
        </HStack>
        {outcome && outcome.raw !== undefined ? <JsonPreview label={t`数据`} value={outcome.raw} testId="ds-form-test-raw" /> : null}
        {outcome && !outcome.error ? <JsonPreview label={t`处理结果`} value={outcome.value} testId="ds-form-test-result" /> : null}
      </Stack>
    </FormDialog>
  );
}
