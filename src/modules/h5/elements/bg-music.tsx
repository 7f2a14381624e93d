import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Music } from 'lucide-react';
import { WORK_DEFAULT_WIDTH } from '@/contracts/h5';
import { defineElement } from './element-def';
import { bool, mediaSrc } from './prop-schemas';
import { BgMusicRender, SIZE } from './render/bg-music';

/**
 * Background music (luban-h5 lbp-bg-music): a small spinning note in the page's top-right corner.
 * One per page, fixed. Sound plays only in preview (and the published page): a tap on the note
 * pauses or resumes it; the note spins while it plays. Browsers may refuse autoplay until the
 * visitor touches the page; then the note stays still until tapped.
 */
const schema = z.looseObject({ src: mediaSrc(), autoplay: bool(true), loop: bool(true) });
type BgMusicProps = z.output<typeof schema>;

export const bgMusicElement = defineElement<BgMusicProps>({
  name: 'bg-music',
  version: 1,
  label: msg`背景音乐`,
  icon: Music,
  group: 'media',
  singleton: true,
  locked: true,
  defaultProps: () => ({ src: '', autoplay: true, loop: true }),
  defaultStyle: { top: 12, left: WORK_DEFAULT_WIDTH - SIZE - 12, width: SIZE, height: SIZE, zindex: 9999 },
  propsSchema: schema,
  fields: [
    { key: 'src', label: msg`音乐地址`, kind: 'url', placeholder: msg`https://…/music.mp3` },
    { key: 'autoplay', label: msg`自动播放`, kind: 'switch' },
    { key: 'loop', label: msg`循环播放`, kind: 'switch' },
  ],
  Render: BgMusicRender,
});
