import { useLayoutEffect, useRef, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Megaphone, Volume2 } from 'lucide-react';
import { defineElement, type ElementRenderProps } from './element-def';
import { ElementKeyframes, fill, inert } from './render-kit';
import { bool, color, num, text } from './prop-schemas';

/**
 * A notice bar (luban-h5 lbp-notice-bar): one line of text scrolling right to left in preview (a CSS
 * animation at `speed` px per second; still for people who prefer reduced motion), standing in the
 * editor.
 */
const schema = z.looseObject({
  text: text('', 500),
  speed: num(50, 10, 300),
  color: color('#ed6a0c'),
  backgroundColor: color('#fffbe8'),
  icon: bool(true),
});
type NoticeBarProps = z.output<typeof schema>;

function NoticeBarRender({ props, mode }: ElementRenderProps<NoticeBarProps>) {
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

export const noticeBarElement = defineElement<NoticeBarProps>({
  name: 'notice-bar',
  version: 1,
  label: msg`公告栏`,
  icon: Megaphone,
  group: 'basic',
  defaultProps: () => ({ text: t`这里是公告内容，可以在右侧修改`, speed: 50, color: '#ed6a0c', backgroundColor: '#fffbe8', icon: true }),
  defaultStyle: { width: 320, height: 36, left: 0, textAlign: 'left' },
  propsSchema: schema,
  fields: [
    { key: 'text', label: msg`公告内容`, kind: 'textarea' },
    { key: 'speed', label: msg`滚动速度（像素/秒）`, kind: 'number', min: 10, max: 300, step: 10 },
    { key: 'color', label: msg`文字颜色`, kind: 'color' },
    { key: 'backgroundColor', label: msg`背景颜色`, kind: 'color' },
    { key: 'icon', label: msg`显示喇叭图标`, kind: 'switch' },
  ],
  Render: NoticeBarRender,
});
