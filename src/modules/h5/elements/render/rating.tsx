import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ElementRenderProps } from '../element-def';
import { fill, inert } from '../render-kit';

/** A star rating (luban-h5 lbp-rate): `value` of `max` stars; in preview a visitor may change it unless read only. */
export interface RatingProps {
  value: number;
  max: number;
  color: string;
  voidColor: string;
  readonly: boolean;
}

const STAR = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z';

export function RatingRender({ props, mode }: ElementRenderProps<RatingProps>) {
  const { t } = useLingui();
  // A gradient id of this element's own (several ratings on one page have their own colours).
  const uid = `h5-star${useId().replace(/[^\w-]/g, '')}`;
  const [chosen, setChosen] = useState<number | null>(null);
  const interactive = mode === 'preview' && !props.readonly;
  const value = Math.min(props.max, interactive && chosen !== null ? chosen : props.value);
  const stars = Array.from({ length: props.max }, (_, i) => Math.max(0, Math.min(1, value - i)));
  return (
    <div
      role={interactive ? 'radiogroup' : 'img'}
      aria-label={t`评分 ${value} / ${props.max}`}
      style={{ ...fill, ...inert(mode), display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '4%' }}
      data-testid="h5-rating"
    >
      {stars.map((part, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          role={interactive ? 'radio' : undefined}
          aria-checked={interactive ? i + 1 === Math.ceil(value) : undefined}
          aria-label={interactive ? t`${i + 1} 星` : undefined}
          onClick={interactive ? () => setChosen(i + 1) : undefined}
          style={{ height: '100%', maxWidth: `${90 / props.max}%`, flex: '0 1 auto', cursor: interactive ? 'pointer' : undefined }}
        >
          <defs>
            <linearGradient id={`${uid}-${i}`}>
              <stop offset={part} stopColor={props.color} />
              <stop offset={part} stopColor={props.voidColor} />
            </linearGradient>
          </defs>
          <path d={STAR} fill={part >= 1 ? props.color : part <= 0 ? props.voidColor : `url(#${uid}-${i})`} />
        </svg>
      ))}
    </div>
  );
}
