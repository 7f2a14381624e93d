import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { Image as ImageIcon } from 'lucide-react';
import { defineElement } from './element-def';
import { mediaSrc, oneOf, text } from './prop-schemas';
import { PictureRender } from './render/picture';

/** A picture (luban-h5 lbp-picture). Spec 8: 加载失败 when it does not load. */
const FITS = ['cover', 'contain', 'fill'] as const;
const schema = z.looseObject({ imgSrc: mediaSrc(), alt: text('', 200), fit: oneOf(FITS, 'cover') });
type PictureProps = z.output<typeof schema>;

export const pictureElement = defineElement<PictureProps>({
  name: 'picture',
  version: 1,
  label: msg`图片`,
  icon: ImageIcon,
  group: 'basic',
  defaultProps: () => ({ imgSrc: '', alt: '', fit: 'cover' }),
  defaultStyle: { width: 160, height: 120, left: 80 },
  propsSchema: schema,
  fields: [
    { key: 'imgSrc', label: msg`图片`, kind: 'image' },
    { key: 'alt', label: msg`替代文字`, kind: 'text' },
    {
      key: 'fit',
      label: msg`填充方式`,
      kind: 'select',
      options: [
        { value: 'cover', label: msg`裁剪填满` },
        { value: 'contain', label: msg`完整显示` },
        { value: 'fill', label: msg`拉伸填满` },
      ],
    },
  ],
  Render: PictureRender,
});
