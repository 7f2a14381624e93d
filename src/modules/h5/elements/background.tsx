import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Wallpaper } from 'lucide-react';
import { WORK_DEFAULT_HEIGHT, WORK_DEFAULT_WIDTH } from '@/contracts/h5';
import { defineElement } from './element-def';
import { color, mediaSrc, oneOf } from './prop-schemas';
import { BackgroundRender } from './render/background';

/**
 * The page background (luban-h5 lbp-background): an image and / or a colour filling the whole page.
 * One per page (a second replaces it), fixed to the page and below every other element.
 */
const SIZES = ['cover', 'contain', 'repeat'] as const;
const schema = z.looseObject({ imgSrc: mediaSrc(), color: color('#ffffff'), size: oneOf(SIZES, 'cover') });
type BackgroundProps = z.output<typeof schema>;

/** Below every element the editor makes (their zindex starts at 1). */
export const BACKGROUND_ZINDEX = -1;

export const backgroundElement = defineElement<BackgroundProps>({
  name: 'background',
  version: 1,
  label: msg`背景`,
  icon: Wallpaper,
  group: 'media',
  singleton: true,
  locked: true,
  defaultProps: () => ({ imgSrc: '', color: '#ffffff', size: 'cover' }),
  defaultStyle: { top: 0, left: 0, width: WORK_DEFAULT_WIDTH, height: WORK_DEFAULT_HEIGHT, zindex: BACKGROUND_ZINDEX },
  propsSchema: schema,
  fields: [
    { key: 'imgSrc', label: msg`背景图片`, kind: 'image' },
    { key: 'color', label: msg`背景颜色`, kind: 'color' },
    {
      key: 'size',
      label: msg`图片显示`,
      kind: 'select',
      options: [
        { value: 'cover', label: msg`铺满` },
        { value: 'contain', label: msg`完整显示` },
        { value: 'repeat', label: msg`平铺` },
      ],
    },
  ],
  Render: BackgroundRender,
});
