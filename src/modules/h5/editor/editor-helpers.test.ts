import { describe, expect, it } from 'vitest';
import { fitScale } from './canvas/editor-canvas';
import { shortcutText, withShortcut } from './command-kit';
import { swatchHex } from '../elements/panel-controls';
import { layerOrder } from './panels/layer-tree';

describe('editor helpers', () => {
  it('shortcuts read as the platform writes them', () => {
    expect(shortcutText('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(shortcutText('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(shortcutText('Delete', false)).toBe('Del');
    expect(shortcutText('Mod+=', false)).toBe('Ctrl+=');
    expect(shortcutText('Shift+ArrowUp', false)).toBe('Shift+↑');
    expect(withShortcut('撤销', { shortcut: ['Mod+Z'] })).toMatch(/^撤销 \((Ctrl\+Z|⌘Z)\)$/);
    expect(withShortcut('导入PSD', {})).toBe('导入PSD');
  });

  it('fits the page width into a small viewport, never zooming in', () => {
    expect(fitScale(390, 320, 12)).toBe(1);
    expect(fitScale(300, 320, 12)).toBe(0.86);
    expect(fitScale(390, 750, 12)).toBe(0.48);
    expect(fitScale(0, 320, 12)).toBe(1);
  });

  it('layers list the top element first (zindex, then later in the page)', () => {
    const el = (uuid: string, zindex: number) => ({ uuid, commonStyle: { zindex } });
    expect(layerOrder([el('a', 1), el('b', 3), el('c', 3), el('d', -1)]).map((e) => e.uuid)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('a colour the swatch cannot show falls back to white', () => {
    expect([swatchHex('#ABCDEF'), swatchHex('#abc'), swatchHex('black'), swatchHex('transparent'), swatchHex('rgba(0,0,0,0)')]).toEqual(['#abcdef', '#aabbcc', '#000000', '#ffffff', '#ffffff']);
  });
});
