import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Megaphone } from 'lucide-react';
import { defineElement } from './element-def';
import { bool, color, num, text } from './prop-schemas';
import { NoticeBarRender } from './render/notice-bar';

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
