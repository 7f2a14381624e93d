import { Input, Text, Textarea } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { H5Element } from '@/contracts/h5';
import { patchElement } from '../../core/actions';
import { FieldRow } from './fields';
import { ListFrame } from './list-frame';

const MAX_SCRIPTS = 20;
const NAME_MAX = 60;
const CODE_MAX = 20_000;

type Script = H5Element['scripts'][number];

/** The script tab: named scripts of the element; they run only in the published page, never in the editor. */
export function ScriptsPanel({ element }: { element: H5Element }) {
  const { t } = useLingui();
  const list = element.scripts;
  const save = (next: Script[], merge?: string) => patchElement(element.uuid, { scripts: next }, merge ? { merge } : 'step');
  const edit = (i: number, patch: Partial<Script>, field: string) => save(list.map((s, j) => (j === i ? { ...s, ...patch } : s)), `script:${element.uuid}:${i}:${field}`);
  return (
    <>
      <Text fontSize="xs" color="fg.muted" mb="3">
        {t`脚本只在发布后的页面中运行，编辑器和预览中不会执行。`}
      </Text>
      <ListFrame
        items={list}
        testId="script-list"
        addLabel={t`添加脚本`}
        empty={t`还没有脚本。`}
        max={MAX_SCRIPTS}
        itemTitle={(i) => list[i]?.name || t`脚本 ${i + 1}`}
        onAdd={() => save([...list, { name: '', code: '' }])}
        onRemove={(i) => save(list.filter((_, j) => j !== i))}
        renderItem={(s, i) => (
          <>
            <FieldRow label={t`名称`}>
              <Input size="xs" value={s.name ?? ''} maxLength={NAME_MAX} aria-label={t`脚本名称`} onChange={(e) => edit(i, { name: e.target.value }, 'name')} data-testid="script-name" />
            </FieldRow>
            <Textarea
              size="xs"
              value={s.code}
              maxLength={CODE_MAX}
              rows={8}
              fontFamily="mono"
              spellCheck={false}
              aria-label={t`脚本代码`}
              placeholder={t`// 在发布的页面中运行的 JavaScript`}
              onChange={(e) => edit(i, { code: e.target.value }, 'code')}
              data-testid="script-code"
            />
          </>
        )}
      />
    </>
  );
}
