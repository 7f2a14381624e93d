import { Input, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ELEMENT_EVENT_TYPES, type ElementEvent, type H5Element } from '@/contracts/h5';
import { patchElement } from '../../core/actions';
import { editorState } from '../../core/store';
import { FieldRow, SelectField } from './fields';
import { ListFrame } from './list-frame';

const MAX_EVENTS = 20;
type EventType = (typeof ELEMENT_EVENT_TYPES)[number];

/** The action tab: what a click on the element does in the published page — open a link, call, go to a page, submit the form. */
export function EventsPanel({ element }: { element: H5Element }) {
  const { t } = useLingui();
  const pages = useSnapshot(editorState).work?.pages ?? [];
  const list = element.events;
  const typeNames: Record<EventType, string> = { link: t`打开链接`, tel: t`拨打电话`, page: t`跳转页面`, submit: t`提交表单` };
  const save = (next: ElementEvent[], merge?: string) => patchElement(element.uuid, { events: next }, merge ? { merge } : 'step');
  const edit = (i: number, patch: Partial<ElementEvent>, merge?: string) => save(list.map((e, j) => (j === i ? { ...e, ...patch } : e)), merge);
  return (
    <ListFrame
      items={list}
      testId="event-list"
      addLabel={t`添加交互`}
      empty={t`还没有交互。点击元素时执行，在发布的页面中生效。`}
      max={MAX_EVENTS}
      itemTitle={(i) => t`交互 ${i + 1}`}
      onAdd={() => save([...list, { type: 'link', value: '' }])}
      onRemove={(i) => save(list.filter((_, j) => j !== i))}
      renderItem={(ev, i) => (
        <>
          <FieldRow label={t`点击后`}>
            <SelectField
              label={t`交互类型`}
              value={ev.type}
              options={ELEMENT_EVENT_TYPES.map((v) => ({ value: v, label: typeNames[v] }))}
              onChange={(v) => edit(i, { type: v, value: '' })}
              testId="event-type"
            />
          </FieldRow>
          {(ev.type === 'link' || ev.type === 'tel') && (
            <FieldRow label={ev.type === 'link' ? t`链接地址` : t`电话号码`}>
              <Input
                size="xs"
                value={ev.value}
                maxLength={2000}
                type={ev.type === 'tel' ? 'tel' : 'url'}
                placeholder={ev.type === 'link' ? 'https://' : ''}
                aria-label={ev.type === 'link' ? t`链接地址` : t`电话号码`}
                onChange={(e) => edit(i, { value: e.target.value }, `event:${element.uuid}:${i}`)}
                data-testid="event-value"
              />
            </FieldRow>
          )}
          {ev.type === 'page' && (
            <FieldRow label={t`目标页面`}>
              <SelectField
                label={t`目标页面`}
                value={ev.value}
                options={[{ value: '', label: t`请选择页面` }, ...pages.map((p, n) => ({ value: p.uuid, label: p.title || t`第${n + 1}页` }))]}
                onChange={(v) => edit(i, { value: v })}
                testId="event-page"
              />
            </FieldRow>
          )}
          {ev.type === 'submit' && (
            <Text fontSize="xs" color="fg.muted">
              {t`提交本页表单的数据；表单数据的收集在后续版本中提供。`}
            </Text>
          )}
        </>
      )}
    />
  );
}
