import { useLayoutEffect, useRef, useState } from 'react';
import { Volume2 } from 'lucide-react';
import type { ElementRenderProps } from '../element-def';
import { ElementKeyframes, fill, inert } from '../render-kit';

/**
 * A notice bar (luban-h5 lbp-notice-bar): one line of text scrolling right to left in preview (a CSS
 * animation at `speed` px per second; still for people who prefer reduced motion), standing in the
 * editor.
 */
export interface NoticeBarProps {
  text: string;
  speed: number;
  color: string;
  backgroundColor: string;
  icon: boolean;
}

export function NoticeBarRender({ props, mode }: ElementRenderProps<NoticeBarProps>) {
  const preview = mode === 'preview';
  const line = useRef<HTMLSpanElement>(null);
  const [seconds, setSeconds] = useState(10);
  useLayoutEffect(() => {
    // The moving span is the box's width (its padding) plus the text's.
    const width = line.current?.scrollWidth ?? 0;
    if (preview && width > 0) setSeconds(Math.max(2, width / props.speed));
  }, [preview, props.text, props.speed]);

  return (
    <div
      style={{ ...fill, ...inert(mode), display: 'flex', alignItems: 'center', gap: 6, padding: '0 10px', overflow: 'hidden', color: props.color, backgroundColor: props.backgroundColor }}
      data-testid="h5-notice-bar"
    >
      {props.icon ? <Volume2 size={16} style={{ flex: 'none' }} aria-hidden /> : null}
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}>
        {preview ? (
          <>
            <ElementKeyframes />
            <span ref={line} className="h5-marquee" style={{ animationDuration: `${seconds}s` }}>
              {props.text}
            </span>
          </>
        ) : (
          <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' }}>{props.text}</span>
        )}
      </div>
    </div>
  );
}
