import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Video as VideoIcon } from 'lucide-react';
import { defineElement } from './element-def';
import { bool, mediaSrc } from './prop-schemas';
import { VideoRender } from './render/video';

/**
 * A video (luban-h5 lbp-video) from a URL. In the editor it shows its poster (or first frame) and
 * never plays; in preview it plays as set. Spec 8: 加载失败 when it does not load. Browsers only
 * autoplay muted video, so autoplay implies muted.
 */
const schema = z.looseObject({
  src: mediaSrc(),
  poster: mediaSrc(),
  autoplay: bool(false),
  controls: bool(true),
  loop: bool(false),
});
type VideoProps = z.output<typeof schema>;

export const videoElement = defineElement<VideoProps>({
  name: 'video',
  version: 1,
  label: msg`视频`,
  icon: VideoIcon,
  group: 'media',
  defaultProps: () => ({ src: '', poster: '', autoplay: false, controls: true, loop: false }),
  defaultStyle: { width: 320, height: 180, left: 0 },
  propsSchema: schema,
  fields: [
    { key: 'src', label: msg`视频地址`, kind: 'url', placeholder: msg`https://…/video.mp4` },
    { key: 'poster', label: msg`封面图片`, kind: 'image' },
    { key: 'autoplay', label: msg`自动播放`, kind: 'switch' },
    { key: 'controls', label: msg`显示控制条`, kind: 'switch' },
    { key: 'loop', label: msg`循环播放`, kind: 'switch' },
  ],
  Render: VideoRender,
});
