import type { ReactNode } from 'react';
import { Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { DEFAULT_WORK_TITLE, PAGE_MODE, PAGE_TYPES, WORK_DESCRIPTION_MAX, WORK_TITLE_MAX, type PageMode } from '@/contracts/h5';
import { updatePageMeta } from '../../core/actions';
import { change, editorState, type WorkDoc } from '../../core/store';
import { DatasourcePanel } from './datasource-panel';
import { FieldRow, NumberField, SelectField } from './fields';
import { usePageTypeNames } from './page-form-dialog';

const SIZE_MIN = 100;
const SIZE_MAX = 4000;
const PAGE_TITLE_MAX = 60;

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

/** A change of one field of the work; a run of typing in it is one history step. */
const setWork = <K extends keyof WorkDoc>(key: K, value: WorkDoc[K]) =>
  change((w) => {
    w[key] = value;
  }, { merge: `work:${String(key)}` });

/** The page tab: the editing page's title and type; the work's title, description, size and page mode; its datasources. */
export function PageSettingsPanel() {
  const { t } = useLingui();
  const snap = useSnapshot(editorState);
  const typeNames = usePageTypeNames();
  const work = snap.work;
  const page = work?.pages.find((p) => p.uuid === snap.editingPageUuid);
  if (!work || !page) return null;
  const types = PAGE_TYPES.includes(page.type as (typeof PAGE_TYPES)[number]) ? [...PAGE_TYPES] : [...PAGE_TYPES, page.type];
  const modeNames: Record<PageMode, string> = { [PAGE_MODE.longPage]: t`长页`, [PAGE_MODE.swiper]: t`翻页` };
  return (
    <Stack gap="5" data-testid="page-settings">
      <Section title={t`当前页面`}>
        <FieldRow label={t`页面标题`}>
          <Input
            size="xs"
            value={page.title}
            maxLength={PAGE_TITLE_MAX}
            placeholder={t`未命名页面`}
            aria-label={t`页面标题`}
            onChange={(e) => updatePageMeta(page.uuid, { title: e.target.value }, { merge: `page-title:${page.uuid}` })}
            data-testid="page-title"
          />
        </FieldRow>
        <FieldRow label={t`页面类型`}>
          <SelectField label={t`页面类型`} value={page.type} options={types.map((v) => ({ value: v, label: typeNames[v] ?? v }))} onChange={(v) => updatePageMeta(page.uuid, { type: v })} testId="page-type" />
        </FieldRow>
      </Section>
      <Section title={t`作品`}>
        <FieldRow label={t`作品标题`}>
          <Input size="xs" value={work.title} maxLength={WORK_TITLE_MAX} placeholder={DEFAULT_WORK_TITLE} aria-label={t`作品标题`} onChange={(e) => setWork('title', e.target.value)} data-testid="work-title" />
        </FieldRow>
        <FieldRow label={t`作品描述`}>
          <Textarea size="xs" rows={3} value={work.description} maxLength={WORK_DESCRIPTION_MAX} aria-label={t`作品描述`} onChange={(e) => setWork('description', e.target.value)} data-testid="work-description" />
        </FieldRow>
        <FieldRow label={t`宽度`}>
          <NumberField label={t`画布宽度`} value={work.width} min={SIZE_MIN} max={SIZE_MAX} unit="px" onChange={(v) => setWork('width', Math.round(v))} testId="work-width" />
        </FieldRow>
        <FieldRow label={t`高度`}>
          <NumberField label={t`画布高度`} value={work.height} min={SIZE_MIN} max={SIZE_MAX} unit="px" onChange={(v) => setWork('height', Math.round(v))} testId="work-height" />
        </FieldRow>
        <FieldRow label={t`页面模式`}>
          <SelectField
            label={t`页面模式`}
            value={work.page_mode}
            options={[PAGE_MODE.longPage, PAGE_MODE.swiper].map((m) => ({ value: m, label: modeNames[m] }))}
            onChange={(v) => setWork('page_mode', v)}
            testId="work-page-mode"
          />
        </FieldRow>
      </Section>
      <Section title={t`数据源`}>
        <DatasourcePanel />
      </Section>
    </Stack>
  );
}
