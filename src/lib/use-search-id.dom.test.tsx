// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { prepareDom } from '@/lib/test-dom';
import { useSearchId } from './use-search-id';

beforeAll(() => {
  prepareDom();
  window.scrollTo = () => {};
});

function Page() {
  const [id, open] = useSearchId('doc', (v) => /^id[0-9]+$/.test(v));
  return (
    <div>
      <span data-testid="id">{id ?? 'none'}</span>
      <button data-testid="open" onClick={() => open('id42')} />
      <button data-testid="back" onClick={() => open(null)} />
    </div>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function mount(url: string) {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/page', component: Page });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([page]), history });
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () => {
    root!.render(<RouterProvider router={router} />);
    await router.load();
  });
  return history;
}

const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const click = (id: string) =>
  act(async () => {
    q(id).click();
    await new Promise((r) => setTimeout(r, 20));
  });

describe('useSearchId', () => {
  it('reads the id from the URL, opens one and goes back, keeping the other search keys', async () => {
    const history = await mount('/page?tab=2');
    expect(q('id').textContent).toBe('none');
    await click('open');
    expect(q('id').textContent).toBe('id42');
    expect(history.location.search).toContain('doc=id42');
    expect(history.location.search).toContain('tab=2');
    await click('back');
    expect(q('id').textContent).toBe('none');
    expect(history.location.search).not.toContain('doc=');
  });

  it('ignores a value that is not an id', async () => {
    await mount('/page?doc=abc1');
    expect(q('id').textContent).toBe('none');
  });
});
