// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { i18n, loadModuleCatalog, type ModuleCatalog } from './i18n';

/** A catalog whose zh-CN messages arrive when `release` is called. */
function slowCatalog(messages: Record<string, string>) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const load = async () => {
    await gate;
    return { messages };
  };
  const catalog: ModuleCatalog = { 'zh-CN': load, en: load, 'zh-TW': load };
  return { catalog, release };
}

describe('module catalogs', () => {
  it('two catalogs loading at once both stay loaded, whichever arrives last; a second caller waits for the same load', async () => {
    i18n.loadAndActivate({ locale: 'zh-CN', messages: { core: '核心' } });
    const a = slowCatalog({ a1: '甲' });
    const b = slowCatalog({ b1: '乙' });
    let secondDone = false;
    const first = loadModuleCatalog(a.catalog);
    const second = loadModuleCatalog(b.catalog);
    const again = loadModuleCatalog(a.catalog).then(() => (secondDone = true));
    b.release();
    await second;
    await Promise.resolve();
    expect(secondDone).toBe(false);
    a.release();
    await Promise.all([first, again]);
    expect(secondDone).toBe(true);
    expect([i18n._('core'), i18n._('a1'), i18n._('b1')]).toEqual(['核心', '甲', '乙']);
  });
});
