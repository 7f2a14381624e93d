import type { ElementAnimation } from '@/contracts/h5';
import { animationCss } from '../editor/animations';

/**
 * An element's animations (spec 3: type, duration s, delay s, iterationCount; 0 = infinite) as one
 * CSS `animation` value playing them one after the other, like the editor's preview does, with the
 * editor's keyframes (animations.css, `h5-` + type). Unknown or malformed entries are skipped.
 */
export function animationChain(list: readonly ElementAnimation[] | undefined): string | undefined {
  if (!Array.isArray(list)) return undefined;
  let offset = 0;
  const parts: string[] = [];
  for (const a of list) {
    if (!a || typeof a.type !== 'string' || !/^[A-Za-z]{1,40}$/.test(a.type)) continue;
    const duration = Number.isFinite(a.duration) ? Math.max(0, a.duration) : 1;
    const delay = Number.isFinite(a.delay) ? Math.max(0, a.delay) : 0;
    const count = a.iterationCount === 0 ? 0 : Math.max(1, Math.floor(Number(a.iterationCount) || 1));
    parts.push(animationCss({ type: a.type, duration, delay: offset + delay, iterationCount: count }));
    offset += delay + duration * count;
  }
  return parts.length ? parts.join(', ') : undefined;
}
