import { useEffect, useState } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { h5PublicPaths, type PublicRegion } from '@/contracts/h5-public';
import type { ElementRenderProps } from '../element-def';
import { controlProps, controlStyle, FieldFrame } from './form-frame';

/**
 * Province / city / district of a form: two or three selects, each named `{uuid}.{level}` with the
 * region's code as its value. On a published page (and in preview) the lists come from the server's
 * public regions (`/p/_/regions`, cached a day): the provinces at once, a level's list once the one
 * above is chosen. In the editor they show their placeholders only.
 */
export interface FormRegionProps {
  label: string;
  required: boolean;
  depth: '2' | '3';
}
const LEVELS = [msg`省份`, msg`城市`, msg`区县`];

/** The regions of a level under a parent, once per page load. */
const cache = new Map<string, Promise<PublicRegion[]>>();
function regionsOf(grade: number, parentId: string): Promise<PublicRegion[]> {
  const key = `${grade}:${parentId}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = fetch(`${h5PublicPaths.regions}?grade=${grade}&parentId=${encodeURIComponent(parentId)}`).then((r) => (r.ok ? (r.json() as Promise<PublicRegion[]>) : Promise.reject(new Error(String(r.status)))));
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

export function FormRegionRender({ element, props, mode }: ElementRenderProps<FormRegionProps>) {
  const { i18n } = useLingui();
  const levels = LEVELS.slice(0, Number(props.depth)).map((m) => i18n._(m));
  const live = mode !== 'edit';
  const [picked, setPicked] = useState<string[]>([]);
  const [lists, setLists] = useState<PublicRegion[][]>([]);

  // The list of each level whose parent is chosen (the provinces first).
  useEffect(() => {
    if (!live) return;
    let on = true;
    const wanted = levels.map((_, i) => (i === 0 ? '-1' : picked[i - 1])).filter((p): p is string => !!p);
    Promise.all(wanted.map((parent, i) => regionsOf(i + 1, parent))).then(
      (found) => on && setLists(found),
      () => on && setLists((l) => l),
    );
    return () => {
      on = false;
    };
    // levels: derived from props.depth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, picked, props.depth]);

  return (
    <FieldFrame label={props.label} required={props.required} mode={mode}>
      <div style={{ display: 'flex', gap: 4, height: '100%' }}>
        {levels.map((placeholder, i) => (
          <select
            key={i}
            {...controlProps(`${element.uuid}.${i}`, mode)}
            required={props.required}
            value={live ? (picked[i] ?? '') : ''}
            onChange={(e) => setPicked([...picked.slice(0, i), e.currentTarget.value])}
            disabled={live && !lists[i]}
            aria-label={placeholder}
            style={{ ...controlStyle, flex: 1, minWidth: 0, padding: '0 4px' }}
          >
            <option value="" disabled>
              {placeholder}
            </option>
            {(lists[i] ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        ))}
      </div>
    </FieldFrame>
  );
}
