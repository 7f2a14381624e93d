import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, HStack, Input, InputGroup } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw, Search } from 'lucide-react';
import { SEARCH_DEBOUNCE_MS } from '@/contracts/limits';
import { createKeywordSearch } from './keyword-search';

export interface ListToolbarProps {
  /** The list's current keyword (the box follows it when it changes from outside). */
  keyword?: string;
  /** Runs SEARCH_DEBOUNCE_MS after the user stops typing, at once on Enter, and with '' on 重置. */
  onSearch(keyword: string): void;
  placeholder?: string;
  /** More filter controls, after the keyword box. */
  filters?: ReactNode;
  /** Action buttons (新建, 导出…), on the right. */
  children?: ReactNode;
}

/** The bar above a list: keyword search and 重置 on the left, the list's actions on the right. */
export function ListToolbar({ keyword = '', onSearch, placeholder, filters, children }: ListToolbarProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(keyword);
  const sent = useRef(keyword.trim());
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  const search = useMemo(() => {
    const s = createKeywordSearch((k) => {
      sent.current = k;
      onSearchRef.current(k);
    }, SEARCH_DEBOUNCE_MS);
    s.sync(sent.current);
    return s;
  }, []);
  useEffect(() => () => search.cancel(), [search]);
  useEffect(() => {
    const k = keyword.trim();
    if (k === sent.current) return;
    sent.current = k;
    search.sync(k);
    setDraft(keyword);
  }, [keyword, search]);

  return (
    <Flex wrap="wrap" gap="2" justify="space-between" align="center" data-testid="list-toolbar">
      <HStack gap="2" wrap="wrap" flex="1" minW={{ base: 'full', md: '0' }}>
        <InputGroup startElement={<Search size={14} />} w={{ base: 'auto', md: '64' }} flex={{ base: '1 1 10rem', md: 'none' }} minW="0">
          <Input
            size="sm"
            type="search"
            enterKeyHint="search"
            value={draft}
            placeholder={placeholder ?? t`请输入关键词查询`}
            aria-label={t`关键词`}
            onChange={(e) => {
              setDraft(e.target.value);
              search.input(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                e.preventDefault();
                search.submit(draft);
              }
            }}
            data-testid="list-toolbar-keyword"
          />
        </InputGroup>
        {filters}
        <Button
          size="sm"
          variant="outline"
          aria-label={t`重置`}
          onClick={() => {
            setDraft('');
            search.reset();
          }}
          data-testid="list-toolbar-reset"
        >
          <RotateCcw />
          <Trans>重置</Trans>
        </Button>
      </HStack>
      {children ? <HStack gap="2" wrap="wrap">{children}</HStack> : null}
    </Flex>
  );
}
