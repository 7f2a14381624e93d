import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { GalleryHorizontal } from 'lucide-react';
import { defineElement } from './element-def';
import { bool, link, listOf, mediaSrc, num } from './prop-schemas';
import { CarouselRender } from './render/carousel';

/**
 * A carousel of slides (luban-h5 lbp-slide): each slide an image and an optional link. In preview
 * it advances every `interval` seconds and follows a swipe; in the editor the first slide stands.
 */
const slideSchema = z.looseObject({ image: mediaSrc(), link: link() });
type Slide = z.output<typeof slideSchema>;
const MAX_SLIDES = 20;
const newSlide = (): Slide => ({ image: '', link: '' });
const schema = z.looseObject({
  slides: listOf(slideSchema, MAX_SLIDES, () => [newSlide(), newSlide(), newSlide()]),
  interval: num(3, 1, 30),
  autoplay: bool(true),
  indicator: bool(true),
});
type CarouselProps = z.output<typeof schema>;

export const carouselElement = defineElement<CarouselProps>({
  name: 'carousel',
  version: 1,
  label: msg`轮播图`,
  icon: GalleryHorizontal,
  group: 'media',
  defaultProps: () => ({ slides: [newSlide(), newSlide(), newSlide()], interval: 3, autoplay: true, indicator: true }),
  defaultStyle: { width: 320, height: 160, left: 0 },
  propsSchema: schema,
  fields: [
    {
      key: 'slides',
      label: msg`轮播图片`,
      kind: 'list',
      max: MAX_SLIDES,
      newItem: newSlide,
      itemFields: [
        { key: 'image', label: msg`图片`, kind: 'image' },
        { key: 'link', label: msg`链接`, kind: 'url', placeholder: msg`https://` },
      ],
    },
    { key: 'interval', label: msg`切换间隔（秒）`, kind: 'number', min: 1, max: 30, step: 0.5 },
    { key: 'autoplay', label: msg`自动播放`, kind: 'switch' },
    { key: 'indicator', label: msg`显示指示点`, kind: 'switch' },
  ],
  Render: CarouselRender,
});
