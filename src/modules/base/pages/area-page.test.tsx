import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { AREA_LEVEL_MAX, areaTakesChildren, type AreaRow } from '@/contracts/base';

/** Server-rendered markup of the area page (the unit project has no DOM): spec 9, three levels at most. */

const area = (id: string, fullName: string, type: number, hasChildren: boolean): AreaRow => ({
  id,
  parentId: '-1',
  fullName,
  enCode: id.slice(-6),
  type,
  description: null,
  sortCode: 0,
  enabledMark: 1,
  hasChildren,
  isLeaf: !hasChildren,
  creatorTime: '2024-01-01T00:00:00.000Z',
  version: 1,
});
// One row of each level (as a keyword search shows them: every level, flat).
const rows = [area('01J00000000000000000110000', '北京市', 1, true), area('01J00000000000000000110100', '北京城区', 2, true), area('01J00000000000000000110101', '东城区', 3, false)];

vi.mock('@/modules/auth/public', () => ({
  usePagePermission: () => ({ modelId: 'm', button: () => true, column: () => true }),
  IfButton: ({ children }: { children: ReactNode }) => children,
}));
vi.mock('@tanstack/react-router', async (orig) => ({ ...(await orig<typeof import('@tanstack/react-router')>()), useSearch: () => ({ q: '城' }), useNavigate: () => () => Promise.resolve() }));
vi.mock('../list-hooks', () => ({
  useAreaList: () => ({ rows, total: rows.length, pending: new Set(), loading: false, fromCache: false, fetchedAt: Date.now(), error: null, refetch: () => {} }),
}));

const { system } = await import('@/app/system');
const { AreaPage } = await import('./area-page');
const { areaParentChoosable } = await import('../components/area-form');

const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>{el}</ChakraProvider>
    </I18nProvider>,
  );

/** The markup of each row, by area id. */
function rowMarkup(html: string): Map<string, string> {
  const parts = html.split('data-testid="area-row"').slice(1);
  return new Map(parts.map((p) => [/data-id="([^"]+)"/.exec(p)![1]!, p]));
}

describe('area page', () => {
  it('offers 新增下级 on first- and second-level areas, never on a third-level one', () => {
    const byId = rowMarkup(render(<AreaPage />));
    expect([...byId.keys()]).toEqual(rows.map((r) => r.id));
    for (const r of rows) {
      const markup = byId.get(r.id)!;
      expect(markup, r.fullName).toContain('data-testid="area-edit"');
      expect(markup.includes('data-testid="area-add-child"'), r.fullName).toBe(r.type < 3);
    }
  });

  it('the level rule: three levels (spec 9)', () => {
    expect(AREA_LEVEL_MAX).toBe(3);
    expect([1, 2, 3, 4].map(areaTakesChildren)).toEqual([true, true, false, false]);
  });
});

describe('area form parent picker', () => {
  const node = (id: string, level: number) => ({ id, parentId: '-1', fullName: id, hasChildren: true, level });

  it('a third-level area cannot be chosen as parent; nor a second-level one for an area with children; nor the area itself', () => {
    const leaf = { id: 'me', hasChildren: false };
    expect([1, 2, 3].map((l) => areaParentChoosable(node(`n${l}`, l), leaf))).toEqual([true, true, false]);
    const withChildren = { id: 'me', hasChildren: true };
    expect([1, 2, 3].map((l) => areaParentChoosable(node(`n${l}`, l), withChildren))).toEqual([true, false, false]);
    expect(areaParentChoosable(node('me', 1), leaf)).toBe(false);
  });
});
