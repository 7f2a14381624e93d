import { describe, expect, it } from 'vitest';
import { animationChain } from './animate';

describe('element animations on the published page', () => {
  it('plays the editor keyframes one after the other', () => {
    expect(
      animationChain([
        { type: 'fadeIn', duration: 1, delay: 0.5, iterationCount: 1 },
        { type: 'bounce', duration: 0.5, delay: 0, iterationCount: 2 },
      ]),
    ).toBe('h5-fadeIn 1s ease 0.5s 1 both, h5-bounce 0.5s ease 1.5s 2 both');
  });

  it('0 repeats is infinite; malformed or injected types are skipped', () => {
    expect(animationChain([{ type: 'pulse', duration: 1, delay: 0, iterationCount: 0 }])).toBe('h5-pulse 1s ease 0s infinite both');
    expect(animationChain([{ type: 'x; background:url(//evil)', duration: 1, delay: 0, iterationCount: 1 }])).toBeUndefined();
    expect(animationChain([])).toBeUndefined();
    expect(animationChain(undefined)).toBeUndefined();
  });
});
