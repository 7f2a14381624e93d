import { Video as VideoIcon } from 'lucide-react';
import type { ElementRenderProps } from '../element-def';
import { fill, inert, LoadFailed, Placeholder, safeSrc, useLoadFailed } from '../render-kit';

/**
 * A video (luban-h5 lbp-video) from a URL. In the editor it shows its poster (or first frame) and
 * never plays; in preview it plays as set. Spec 8: 加载失败 when it does not load. Browsers only
 * autoplay muted video, so autoplay implies muted.
 */
export interface VideoProps {
  src: string;
  poster: string;
  autoplay: boolean;
  controls: boolean;
  loop: boolean;
}

export function VideoRender({ props, mode }: ElementRenderProps<VideoProps>) {
  const src = safeSrc(props.src);
  const [failed, fail] = useLoadFailed(src);
  if (!src) return mode === 'edit' ? <Placeholder icon={VideoIcon} dark /> : null;
  if (failed) return <LoadFailed />;
  const preview = mode === 'preview';
  return (
    <video
      key={`${mode}:${src}`}
      src={src}
      poster={safeSrc(props.poster)}
      onError={fail}
      preload="metadata"
      playsInline
      controls={preview && props.controls}
      autoPlay={preview && props.autoplay}
      muted={props.autoplay || !preview}
      loop={props.loop}
      style={{ ...fill, ...inert(mode), display: 'block', objectFit: 'contain', background: '#000' }}
      data-testid="h5-video"
    />
  );
}
