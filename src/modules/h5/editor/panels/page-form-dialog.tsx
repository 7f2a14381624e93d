import { useState } from 'react';
import { Input, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { PAGE_TYPES } from '@/contracts/h5';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { updatePageMeta } from '../../core/actions';

const PAGE_TITLE_MAX = 60;

/** The names of the page types (spec 3: a page added in the editor is an index page). */
export function usePageTypeNames(): Record<string, string> {
  const { t } = useLingui();
  return { index: t`普通页面`, dialog: t`弹窗页面` };
}

/** The small form of a page: its title and type (spec 4: a page's title and type can be edited). */
export function PageFormDialog({ page, onClose }: { page: { uuid: string; title: string; type: string }; onClose(): void }) {
  const { t } = useLingui();
  const names = usePageTypeNames();
  const [title, setTitle] = useState(page.title);
  const [type, setType] = useState(page.type);
  const types = PAGE_TYPES.includes(type as (typeof PAGE_TYPES)[number]) ? [...PAGE_TYPES] : [...PAGE_TYPES, type];
  return (
    <FormDialog
      title={t`编辑页面`}
      size="sm"
      testId="page-form"
      onClose={onClose}
      onSubmit={() => {
        updatePageMeta(page.uuid, { title: title.trim(), type });
        onClose();
      }}
    >
      <FormField label={t`页面标题`}>
        <Input value={title} maxLength={PAGE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} placeholder={t`未命名页面`} data-testid="page-form-title" />
      </FormField>
      <FormField label={t`页面类型`}>
        <NativeSelect.Root>
          <NativeSelect.Field value={type} onChange={(e) => setType(e.target.value)} data-testid="page-form-type">
            {types.map((v) => (
              <option key={v} value={v}>
                {names[v] ?? v}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
