import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { GalleryHorizontal, Image as ImageIcon } from 'lucide-react';
import type { ElementRenderProps } from '../element-def';
import { fill, inert, LoadFailed, Placeholder, safeHref, safeSrc, useLoadFailed } from '../render-kit';

/**
 * A carousel of slides (luban-h5 lbp-slide): each slide an image and an optional link. In preview
 * it advances every `interval` seconds and follows a swipe; in the editor the first slide stands.
 */
export interface Slide {
  image: string;
  link: string;
}
export interface CarouselProps {
  slides: Slide[];
  interval: number;
  autoplay: boolean;
  indicator: boolean;
}

/** How far (px) a swipe must travel to change the slide. */
const SWIPE_MIN = 30;

function SlideView({ slide, index, preview }: { slide: Slide; index: number; preview: boolean }) {
  const src = safeSrc(slide.image);
  const [failed, fail] = useLoadFailed(src);
  const body = !src ? (
    <Placeholder icon={ImageIcon}>{index + 1}</Placeholder>
  ) : failed ? (
    <LoadFailed />
  ) : (
    <img src={src} alt="" onError={fail} draggable={false} style={{ ...fill, display: 'block', objectFit: 'cover' }} />
  );
  const href = preview ? safeHref(slide.link) : undefined;
  return (
    <div style={{ flex: '0 0 100%', height: '100%' }} data-testid="h5-slide">
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" draggable={false} style={{ display: 'block', ...fill }}>
          {body}
        </a>
      ) : (
        body
      )}
    </div>
  );
}

export function CarouselRender({ props, mode }: ElementRenderProps<CarouselProps>) {
  const { t } = useLingui();
  const preview = mode === 'preview';
  const count = props.slides.length;
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  // A swipe over a linked slide must not also follow the link.
  const swiped = useRef(false);
  const index = preview && count ? active % count : 0;

  useEffect(() => {
    if (!preview || !props.autoplay || paused || count < 2) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % count), props.interval * 1000);
    return () => clearInterval(timer);
  }, [preview, props.autoplay, props.interval, paused, count]);

  const go = (i: number) => setActive(((i % count) + count) % count);
  const onDown = (e: PointerEvent) => {
    start.current = e.clientX;
    swiped.current = false;
    setPaused(true);
  };
  const onUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    setPaused(false);
    if (from === null || count < 2) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) < SWIPE_MIN) return;
    swiped.current = true;
    go(index + (dx < 0 ? 1 : -1));
  };

  if (!count) return <Placeholder icon={GalleryHorizontal} />;
  return (
    <div
      style={{ ...fill, ...inert(mode), position: 'relative', overflow: 'hidden', touchAction: 'pan-y' }}
      onPointerDown={preview ? onDown : undefined}
      onPointerUp={preview ? onUp : undefined}
      onClickCapture={(e) => {
        if (!swiped.current) return;
        swiped.current = false;
        e.preventDefault();
      }}
      onPointerCancel={() => {
        start.current = null;
        setPaused(false);
      }}
      role="region"
      aria-roledescription={t`轮播图`}
    >
      <div style={{ display: 'flex', height: '100%', transform: `translateX(-${index * 100}%)`, transition: preview ? 'transform 0.35s ease' : undefined }}>
        {(preview ? props.slides : props.slides.slice(0, 1)).map((s, i) => (
          <SlideView key={i} slide={s} index={i} preview={preview} />
        ))}
      </div>
      {props.indicator && count > 1 ? (
        <div style={{ position: 'absolute', left: 0, right: 0, bottom: 8, display: 'flex', justifyContent: 'center', gap: 6 }}>
          {props.slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t`第${i + 1}张`}
              aria-current={i === index}
              tabIndex={preview ? undefined : -1}
              onClick={() => go(i)}
              onPointerDown={(e) => e.stopPropagation()}
              style={{ width: 8, height: 8, padding: 0, border: 'none', borderRadius: 4, cursor: 'pointer', background: i === index ? '#fff' : 'rgba(255,255,255,0.5)' }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
