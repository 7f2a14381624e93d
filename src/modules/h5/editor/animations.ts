import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ElementAnimation } from '@/contracts/h5';
import './animations.css';

/**
 * The animations an element can have (animate.css-style names; keyframes in animations.css,
 * prefixed `h5-`), with their names in the panel, and the preview that plays one on the canvas.
 */
export const ANIMATION_TYPES: ReadonlyArray<{ type: string; label: MessageDescriptor }> = [
  { type: 'fadeIn', label: msg`淡入` },
  { type: 'fadeInUp', label: msg`向上淡入` },
  { type: 'fadeInDown', label: msg`向下淡入` },
  { type: 'fadeInLeft', label: msg`从左淡入` },
  { type: 'fadeInRight', label: msg`从右淡入` },
  { type: 'zoomIn', label: msg`放大进入` },
  { type: 'bounceIn', label: msg`弹入` },
  { type: 'bounceInUp', label: msg`向上弹入` },
  { type: 'bounceInDown', label: msg`向下弹入` },
  { type: 'slideInUp', label: msg`向上滑入` },
  { type: 'slideInDown', label: msg`向下滑入` },
  { type: 'slideInLeft', label: msg`从左滑入` },
  { type: 'slideInRight', label: msg`从右滑入` },
  { type: 'rotateIn', label: msg`旋转进入` },
  { type: 'flipInX', label: msg`X轴翻转进入` },
  { type: 'flipInY', label: msg`Y轴翻转进入` },
  { type: 'rollIn', label: msg`滚动进入` },
  { type: 'lightSpeedInRight', label: msg`光速进入` },
  { type: 'pulse', label: msg`脉冲` },
  { type: 'bounce', label: msg`弹跳` },
  { type: 'shake', label: msg`抖动` },
  { type: 'swing', label: msg`摇摆` },
  { type: 'tada', label: msg`嗒哒` },
  { type: 'rubberBand', label: msg`橡皮筋` },
  { type: 'heartBeat', label: msg`心跳` },
  { type: 'flash', label: msg`闪烁` },
  { type: 'fadeOut', label: msg`淡出` },
  { type: 'zoomOut', label: msg`缩小退出` },
];

/** A new animation for the panel's 添加动画. */
export const newAnimation = (): ElementAnimation => ({ type: 'fadeIn', duration: 1, delay: 0, iterationCount: 1 });

/** The CSS `animation` value of one animation (0 repeats = infinite). */
export function animationCss(a: ElementAnimation): string {
  const count = a.iterationCount === 0 ? 'infinite' : String(Math.max(1, a.iterationCount ?? 1));
  return `h5-${a.type} ${Math.max(0, a.duration)}s ease ${Math.max(0, a.delay)}s ${count} both`;
}

/**
 * Plays animations on the canvas element `uuid` (its inner layer), one after the other, from the
 * start; an infinite one plays 3 times in the preview. Nothing in the document changes.
 */
export function previewAnimations(uuid: string, animations: readonly ElementAnimation[], root: ParentNode = document): void {
  const box = root.querySelector<HTMLElement>(`.h5-el[data-uuid="${uuid.replace(/["\\]/g, '\\$&')}"] > [data-anim]`);
  if (!box || animations.length === 0) return;
  let offset = 0;
  const parts = animations.map((a) => {
    const count = a.iterationCount === 0 ? 3 : Math.max(1, a.iterationCount ?? 1);
    const css = animationCss({ ...a, iterationCount: count, delay: offset + a.delay });
    offset += a.delay + a.duration * count;
    return css;
  });
  box.style.animation = 'none';
  void box.offsetWidth;
  box.style.animation = parts.join(', ');
  const done = () => {
    box.style.animation = '';
    box.removeEventListener('animationend', onEnd);
  };
  let ended = 0;
  const onEnd = (e: AnimationEvent) => {
    if (e.target === box && ++ended >= parts.length) done();
  };
  box.addEventListener('animationend', onEnd);
}
