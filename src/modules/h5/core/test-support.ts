import { z } from 'zod';
import type { H5Page, Work } from '@/contracts/h5';
import { newElement, newPage, newWork } from './model';
import { registerElementSpecs, type ElementSpec } from './registry';
import { loadWork, setPreferenceStorage, type PreferenceStorage } from './store';

/**
 * Fake element types for the core's tests (the real ones live in ../elements and are not needed
 * here): a text whose props changed shape in version 2, a picture with its own default height, a
 * singleton locked background below everything and a singleton locked music button above.
 */
export const fakeText: ElementSpec = {
  name: 'fake-text',
  version: 2,
  defaultProps: () => ({ text: '双击修改文字', size: 12 }),
  propsSchema: z.looseObject({ text: z.string().max(100), size: z.number().min(0).default(12) }),
  // Version 1 called the text `content`.
  migrate: (props, from) => {
    if (from >= 2) return props;
    const { content, ...rest } = props;
    return { ...rest, text: content };
  },
};

export const fakePicture: ElementSpec = {
  name: 'fake-picture',
  version: 1,
  defaultProps: () => ({ src: '' }),
  defaultStyle: { height: 200, backgroundColor: '#eeeeee' },
  propsSchema: z.looseObject({ src: z.string() }),
};

export const fakeBackground: ElementSpec = {
  name: 'fake-bg',
  version: 1,
  defaultProps: () => ({ color: '#ffffff' }),
  defaultStyle: { top: 0, left: 0, width: 320, height: 568, zindex: -1 },
  propsSchema: z.looseObject({ color: z.string() }),
  singleton: true,
  locked: true,
};

export const fakeMusic: ElementSpec = {
  name: 'fake-music',
  version: 1,
  defaultProps: () => ({ src: '' }),
  defaultStyle: { zindex: 9999, width: 30, height: 30 },
  propsSchema: z.looseObject({ src: z.string() }),
  singleton: true,
  locked: true,
};

export function registerFakeSpecs() {
  registerElementSpecs([fakeText, fakePicture, fakeBackground, fakeMusic]);
}

/** A page of `n` fake texts with zindex 1..n, named t0…t(n-1) by their uuids' suffix. */
export function pageWith(n: number, name = 'fake-text'): H5Page {
  const page = newPage();
  for (let i = 0; i < n; i++) page.elements.push(newElement(name, { uuid: `${name}_el${String(i).padStart(5, '0')}`, commonStyle: { zindex: i + 1 } }));
  return page;
}

/** A work of `pages` pages × `perPage` elements (benchmark-sized documents). */
export function bigWork(pages: number, perPage: number): Work {
  return newWork({
    pages: Array.from({ length: pages }, (_, p) => {
      const page = newPage();
      for (let i = 0; i < perPage; i++) {
        page.elements.push(newElement('fake-text', { commonStyle: { zindex: i + 1, top: i * 10, left: p }, pluginProps: { text: `第${p}页 ${i}` } }));
      }
      return page;
    }),
  });
}

/** In-memory preference storage (stands in for localStorage). */
export function memoryPrefs(initial: Record<string, string> = {}): PreferenceStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, get: (k) => data[k] ?? null, set: (k, v) => void (data[k] = v) };
}

/** Fresh preferences, then loads `work` into the store (default: one page of three texts). */
export function openWork(work: Work = newWork({ pages: [pageWith(3)] })) {
  setPreferenceStorage(memoryPrefs());
  loadWork(work);
  return work;
}
