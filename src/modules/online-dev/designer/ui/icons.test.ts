import { describe, expect, it } from 'vitest';
import { designActions } from '../core/actions';
import { PALETTE } from '../core/palette';
import { hasDesignIcon } from './icons';

describe('designer icons', () => {
  it('every palette entry and action shows an icon of its own', () => {
    for (const e of PALETTE) expect(hasDesignIcon(e.icon), e.type).toBe(true);
    for (const a of designActions) expect(hasDesignIcon(a.icon), a.id).toBe(true);
  });
});
