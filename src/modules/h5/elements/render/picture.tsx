import { Image as ImageIcon } from 'lucide-react';
import type { ElementRenderProps } from '../element-def';
import { fill, inert, LoadFailed, Placeholder, safeSrc, useLoadFailed } from '../render-kit';

/** A picture (luban-h5 lbp-picture). Spec 8: 加载失败 when it does not load. */
export interface PictureProps {
  imgSrc: string;
  alt: string;
  fit: 'cover' | 'contain' | 'fill';
}

export function PictureRender({ props, mode }: ElementRenderProps<PictureProps>) {
  const src = safeSrc(props.imgSrc);
  const [failed, fail] = useLoadFailed(src);
  // An empty picture is a placeholder in the editor and nothing for a visitor.
  if (!src) return mode === 'edit' ? <Placeholder icon={ImageIcon} /> : null;
  if (failed) return <LoadFailed />;
  return <img src={src} alt={props.alt} onError={fail} draggable={false} style={{ ...fill, ...inert(mode), display: 'block', objectFit: props.fit }} />;
}
