import { Button, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Play } from 'lucide-react';
import type { ElementAnimation, H5Element } from '@/contracts/h5';
import { IconTip } from '@/components/icon-tip';
import { patchElement } from '../../core/actions';
import { ANIMATION_TYPES, newAnimation, previewAnimations } from '../animations';
import { FieldRow, NumberField, SelectField } from './fields';
import { ListFrame } from './list-frame';

const MAX_ANIMATIONS = 20;

/** The animation tab: the element's animations (type, duration s, delay s, repeat), played on the canvas with 预览动画. */
export function AnimationPanel({ element }: { element: H5Element }) {
  const { t, i18n } = useLingui();
  const list = element.animations;
  const save = (next: ElementAnimation[], merge?: string) => patchElement(element.uuid, { animations: next }, merge ? { merge } : 'step');
  const edit = (i: number, patch: Partial<ElementAnimation>, field: string) =>
    save(
      list.map((a, j) => (j === i ? { ...a, ...patch } : a)),
      `anim:${element.uuid}:${i}:${field}`,
    );
  const options = ANIMATION_TYPES.map((a) => ({ value: a.type, label: i18n._(a.label) }));
  const known = new Set(ANIMATION_TYPES.map((a) => a.type));
  return (
    <>
      <ListFrame
        items={list}
        testId="animation-list"
        addLabel={t`添加动画`}
        empty={t`还没有动画。添加后在发布的页面中播放，可在这里预览。`}
        max={MAX_ANIMATIONS}
        itemTitle={(i) => t`动画 ${i + 1}`}
        onAdd={() => save([...list, newAnimation()])}
        onRemove={(i) => save(list.filter((_, j) => j !== i))}
        extra={(a) => (
          <IconTip label={t`预览这个动画`}>
            <IconButton aria-label={t`预览这个动画`} size="2xs" variant="ghost" onClick={() => previewAnimations(element.uuid, [a])} data-testid="animation-play-one">
              <Play />
            </IconButton>
          </IconTip>
        )}
        renderItem={(a, i) => (
          <>
            <FieldRow label={t`类型`}>
              <SelectField
                label={t`动画类型`}
                value={a.type}
                options={known.has(a.type) ? options : [...options, { value: a.type, label: a.type }]}
                onChange={(v) => edit(i, { type: v }, 'type')}
                testId="animation-type"
              />
            </FieldRow>
            <FieldRow label={t`时长`}>
              <NumberField label={t`动画时长（秒）`} value={a.duration} min={0} max={60} step={0.1} unit={t`秒`} onChange={(v) => edit(i, { duration: v }, 'duration')} testId="animation-duration" />
            </FieldRow>
            <FieldRow label={t`延迟`}>
              <NumberField label={t`动画延迟（秒）`} value={a.delay} min={0} max={600} step={0.1} unit={t`秒`} onChange={(v) => edit(i, { delay: v }, 'delay')} testId="animation-delay" />
            </FieldRow>
            <FieldRow label={t`次数`}>
              <NumberField
                label={t`重复次数（0 为无限循环）`}
                value={a.iterationCount ?? 1}
                min={0}
                max={100}
                unit={a.iterationCount === 0 ? t`无限` : t`次`}
                onChange={(v) => edit(i, { iterationCount: Math.round(v) }, 'count')}
                testId="animation-count"
              />
            </FieldRow>
          </>
        )}
      />
      {list.length > 0 && (
        <Button size="xs" colorPalette="brand" variant="subtle" mt="3" w="full" onClick={() => previewAnimations(element.uuid, list)} data-testid="animation-preview">
          <Play size={14} />
          {t`预览动画`}
        </Button>
      )}
    </>
  );
}
