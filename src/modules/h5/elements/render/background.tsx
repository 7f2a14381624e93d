import type { ElementRenderProps } from '../element-def';
import { cssUrl, fill, inert, safeSrc } from '../render-kit';

/** The page background (luban-h5 lbp-background): an image and / or a colour filling the whole page. */
export interface BackgroundProps {
  imgSrc: string;
  color: string;
  size: 'cover' | 'contain' | 'repeat';
}

export function BackgroundRender({ props, mode }: ElementRenderProps<BackgroundProps>) {
  const src = safeSrc(props.imgSrc);
  const repeat = props.size === 'repeat';
  return (
    <div
      data-testid="h5-background"
      style={{
        ...fill,
        ...inert(mode),
        backgroundColor: props.color,
        backgroundImage: src ? cssUrl(src) : undefined,
        backgroundSize: repeat ? 'auto' : props.size,
        backgroundRepeat: repeat ? 'repeat' : 'no-repeat',
        backgroundPosition: 'center',
      }}
    />
  );
}
