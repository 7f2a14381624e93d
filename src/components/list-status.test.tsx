import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraProvider, Table } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';

/** Server-rendered markup (the unit project has no DOM): where a table without rows says so. */

const { system } = await import('@/app/system');
const { TableFiller } = await import('./list-status');

const render = (el: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Table.Root>
          <Table.Body>{el}</Table.Body>
        </Table.Root>
      </ChakraProvider>
    </I18nProvider>,
  );
/** The CSS of the element that carries `data-testid="table-filler"`. */
const fillerCss = (html: string) => {
  const cls = /<div data-testid="table-filler" class="([^"]+)"/.exec(html)?.[1] ?? '';
  return [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).filter((css) => css!.includes(`.${cls}{`)).join('');
};

describe('a table without rows', () => {
  it('keeps its empty state to the width in view, at the left edge of the scrolled box (a phone sees it whole)', () => {
    const html = render(<TableFiller colSpan={8} loading={false} text="暂无待办事宜" visibleWidth={358} />);
    expect(html).toContain('colSpan="8"');
    expect(html).toContain('暂无待办事宜');
    const css = fillerCss(html);
    expect(css).toContain('position:sticky');
    expect(css).toContain('left:0');
    expect(css).toContain('width:358px');
  });

  it('so does its spinner', () => {
    const html = render(<TableFiller colSpan={3} loading text="" loadingTestId="list-loading" visibleWidth={300} />);
    expect(html).toContain('data-testid="list-loading"');
    expect(fillerCss(html)).toContain('width:300px');
  });

  it('before the box is measured, the whole row', () => {
    expect(fillerCss(render(<TableFiller colSpan={3} loading={false} />))).not.toMatch(/[{;]width:/);
  });
});
