import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Music } from 'lucide-react';
import type { ElementRenderProps } from '../element-def';
import { ElementKeyframes, fill, inert, safeSrc } from '../render-kit';

/**
 * Background music (luban-h5 lbp-bg-music): a small spinning note in the page's top-right corner.
 * Sound plays only in preview (and the published page): a tap on the note pauses or resumes it;
 * the note spins while it plays. Browsers may refuse autoplay until the visitor touches the page;
 * then the note stays still until tapped.
 */
export interface BgMusicProps {
  src: string;
  autoplay: boolean;
  loop: boolean;
}

/** The note's size (px). */
export const SIZE = 30;

export function BgMusicRender({ props, mode }: ElementRenderProps<BgMusicProps>) {
  const { t } = useLingui();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const src = mode === 'preview' ? safeSrc(props.src) : undefined;

  useEffect(() => {
    const a = audio.current;
    if (!a || !src || !props.autoplay) return;
    a.play()?.catch(() => setPlaying(false));
  }, [src, props.autoplay]);

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (a.paused) a.play()?.catch(() => setPlaying(false));
    else a.pause();
  };

  return (
    <>
      <ElementKeyframes />
      <button
        type="button"
        aria-label={playing ? t`暂停音乐` : t`播放音乐`}
        aria-pressed={playing}
        tabIndex={mode === 'edit' ? -1 : undefined}
        onClick={toggle}
        style={{
          ...fill,
          ...inert(mode),
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: 0,
          border: 'none',
          borderRadius: '50%',
          background: 'rgba(0, 0, 0, 0.45)',
          color: '#fff',
          cursor: 'pointer',
        }}
      >
        <Music size="60%" aria-hidden className={playing || mode === 'edit' ? 'h5-spin' : undefined} />
      </button>
      {src ? (
        <audio ref={audio} src={src} loop={props.loop} preload="auto" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} onEnded={() => setPlaying(false)} />
      ) : null}
    </>
  );
}
