import { useEffect, useRef, useState } from 'react';
import { ButtonGroup, Flex, HStack, IconButton, Input, NativeSelect, Pagination, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DEFAULT_PAGE_SIZE, PAGE_SCROLL_MS } from '@/contracts/limits';
import { clampPage, pageCount, pageSizeOptions, parseJump } from './pagination-model';
import { scrollParentOf, scrollToTop } from './scroll-to-top';

export interface ListPaginationProps {
  total: number;
  /** Current page, 1-based. */
  page: number;
  pageSize?: number;
  /** A new page or page size (a new size goes back to page 1). */
  onChange(page: number, pageSize: number): void;
}

/**
 * The paging bar under every list (spec 9): total, sizes, prev, pager, next, jumper. Every change
 * scrolls the list's scroll container (or the window) back to the top over PAGE_SCROLL_MS.
 */
export function ListPagination({ total, page, pageSize = DEFAULT_PAGE_SIZE, onChange }: ListPaginationProps) {
  const { t } = useLingui();
  const rootRef = useRef<HTMLDivElement>(null);
  const pages = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  const [jump, setJump] = useState(String(current));
  useEffect(() => setJump(String(current)), [current]);

  const go = (nextPage: number, nextSize: number) => {
    if (nextPage === current && nextSize === pageSize) return;
    onChange(nextPage, nextSize);
    scrollToTop(scrollParentOf(rootRef.current), PAGE_SCROLL_MS);
  };
  const commitJump = () => {
    const target = parseJump(jump, total, pageSize);
    if (target === null) setJump(String(current));
    else {
      setJump(String(target));
      go(target, pageSize);
    }
  };

  return (
    <Flex ref={rootRef} align="center" justify="flex-end" wrap="wrap" gap="3" fontSize="sm" data-testid="list-pagination">
      <Text color="fg.muted" data-testid="list-pagination-total">{t`共 ${total} 条`}</Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t`每页条数`}
          value={pageSize}
          onChange={(e) => go(1, Number(e.target.value))}
          data-testid="list-pagination-size"
        >
          {pageSizeOptions(pageSize).map((n) => (
            <option key={n} value={n}>
              {t`${n} 条/页`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Pagination.Root
        count={total}
        pageSize={pageSize}
        page={current}
        onPageChange={(e) => go(e.page, pageSize)}
        translations={{
          rootLabel: t`分页`,
          prevTriggerLabel: t`上一页`,
          nextTriggerLabel: t`下一页`,
          itemLabel: ({ page: n }) => t`第 ${n} 页`,
        }}
      >
        <ButtonGroup variant="ghost" size="sm" gap="1" attached={false}>
          <Pagination.PrevTrigger asChild>
            <IconButton aria-label={t`上一页`} data-testid="list-pagination-prev">
              <ChevronLeft />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items
            render={(p) => (
              <IconButton variant={{ base: 'ghost', _selected: 'outline' }} minW="8">
                {p.value}
              </IconButton>
            )}
          />
          <Pagination.NextTrigger asChild>
            <IconButton aria-label={t`下一页`} data-testid="list-pagination-next">
              <ChevronRight />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
      <HStack gap="1.5" color="fg.muted">
        <Trans>前往</Trans>
        <Input
          size="sm"
          w="14"
          textAlign="center"
          inputMode="numeric"
          aria-label={t`跳转到第几页（共 ${pages} 页）`}
          value={jump}
          onChange={(e) => setJump(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitJump();
            }
          }}
          onBlur={commitJump}
          data-testid="list-pagination-jump"
        />
        <Trans>页</Trans>
      </HStack>
    </Flex>
  );
}
