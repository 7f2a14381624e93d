/**
 * For the DOM tests (`@vitest-environment jsdom`): React's act() environment, and what jsdom lacks
 * that Chakra's overlays and the editors ask for (matchMedia, ResizeObserver, scrollIntoView).
 * Call it in a beforeAll. Used by tests only.
 */
export function prepareDom() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function () {};
}
