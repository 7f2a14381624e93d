import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ExternalLink, Search, X } from 'lucide-react';
import type { MenuItem } from '@/contracts/menu';
import { MenuIcon } from '@/components/menu-icon';
import { session } from '@/modules/auth/public';
import { flattenMenu, menuTarget } from '@/lib/menu-routes';
import { menuTitle } from '@/lib/menu-titles';
import type { MenuSearch as Index, SearchEntry } from '../menu-search';
import { IconTip } from '@/components/icon-tip';
import { isSearchShortcut, shortcutHint } from '../shortcuts';

const platform = typeof navigator === 'undefined' ? '' : navigator.platform;
const isMac = /mac|iphone|ipad/i.test(platform);

/** fuse.js and the pinyin dictionary load on first use, not with the shell. */
const loadSearch = () => import('../menu-search');

/** The user's menu as search entries, in the current language (plus the fixed shell pages). */
function useEntries(): SearchEntry[] {
  const { t, i18n } = useLingui();
  const snap = useSnapshot(session);
  return useMemo(() => {
    const token = snap.token ?? '';
    const fixed: SearchEntry[] = [
      { id: 'home', title: t`首页`, path: '/home', icon: 'home', target: { kind: 'route', path: '/home' } },
      { id: 'profile', title: t`个人信息`, path: '/profile', icon: 'user', target: { kind: 'route', path: '/profile' } },
    ];
    const fromMenu = flattenMenu((snap.menuList ?? []) as MenuItem[])
      .map((m): SearchEntry | null => {
        const target = menuTarget(m, token);
        if (target.kind === 'none') return null;
        return { id: m.id, title: menuTitle(i18n, m), path: target.kind === 'route' ? target.path : m.urlAddress, icon: m.icon, target };
      })
      .filter((e): e is SearchEntry => e !== null);
    return [...fixed, ...fromMenu];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the i18n object changes in place: its locale re-runs the memo on a language switch
  }, [snap.menuList, snap.token, t, i18n, i18n.locale]);
}

/** Global menu search (spec 2.4, 9): fuzzy over translated titles and paths, pinyin initials too; Ctrl+K or / goes to it. */
export function MenuSearch({ compact = false, narrow = false }: { compact?: boolean; narrow?: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const entries = useEntries();
  const [index, setIndex] = useState<Index | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIdx, setActiveIdx] = useState(0);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  const warm = () => {
    if (!index) void loadSearch().then((m) => setIndex(m.createMenuSearch(entries)));
  };
  useEffect(() => {
    // Rebuild for a new menu or language once loaded.
    if (index) void loadSearch().then((m) => setIndex(m.createMenuSearch(entries)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries]);

  // Ctrl+K (⌘K), or / outside a text field, goes to the search from anywhere in the shell; an open
  // dialog or drawer keeps the focus.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(e) || document.querySelector('[role=dialog][aria-modal=true]')) return;
      e.preventDefault();
      if (!index) void loadSearch().then((m) => setIndex(m.createMenuSearch(entries)));
      if (compact) setExpanded(true);
      setTimeout(() => {
        input.current?.focus();
        input.current?.select();
      }, 0);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compact, index, entries]);

  const results = useMemo(() => (index ? index.search(query, 12) : []), [index, query]);
  const open = focused && query.trim().length > 0;

  function go(entry: SearchEntry) {
    if (entry.target.kind === 'external') window.open(entry.target.href, '_blank', 'noopener,noreferrer');
    else if (entry.target.kind === 'route') void navigate({ to: entry.target.path });
    setQuery('');
    input.current?.blur();
    if (compact) setExpanded(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!results.length) return;
      setActiveIdx((i) => (i + (e.key === 'ArrowDown' ? 1 : -1) + results.length) % results.length);
    } else if (e.key === 'Enter') {
      const r = results[activeIdx];
      if (r) {
        e.preventDefault();
        go(r);
      }
    } else if (e.key === 'Escape') {
      setQuery('');
      if (compact) setExpanded(false);
    }
  }

  if (compact && !expanded) {
    return (
      <IconTip label={t`搜索菜单`}>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t`搜索菜单`}
          onClick={() => {
            setExpanded(true);
            warm();
            setTimeout(() => input.current?.focus(), 0);
          }}
          data-testid="menu-search-open"
        >
          <Search size={18} />
        </IconButton>
      </IconTip>
    );
  }

  return (
    <Box
      position={compact ? 'absolute' : 'relative'}
      insetX={compact ? '0' : undefined}
      top={compact ? '0' : undefined}
      h={compact ? '14' : undefined}
      px={compact ? '2' : undefined}
      display={compact ? 'flex' : undefined}
      alignItems="center"
      bg={compact ? 'bg' : undefined}
      zIndex={compact ? 'dropdown' : undefined}
      // Narrow: beside the functional layout's top menu, wide only on wide screens.
      w={compact ? undefined : narrow ? { base: '40', xl: '56' } : { base: '40', lg: '56' }}
    >
      <HStack gap="1" w="full">
        <Box position="relative" flex="1">
          <Box position="absolute" left="2.5" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" zIndex="1">
            <Search size={14} aria-hidden />
          </Box>
          <Input
            ref={input}
            size="sm"
            ps="8"
            pe={compact ? undefined : '14'}
            bg="bg"
            placeholder={t`搜索菜单`}
            value={query}
            role="combobox"
            aria-label={t`搜索菜单`}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-keyshortcuts={isMac ? 'Meta+K /' : 'Control+K /'}
            aria-activedescendant={open && results[activeIdx] ? `${listId}-${activeIdx}` : undefined}
            onChange={(e) => {
              setQuery(e.target.value);
              setActiveIdx(0);
            }}
            onFocus={() => {
              setFocused(true);
              warm();
            }}
            // Options keep the focus (mouse-down is prevented), so a blur means the user left the search.
            onBlur={() => setFocused(false)}
            onKeyDown={onKeyDown}
            data-testid="menu-search"
          />
          {!compact && !focused && !query && (
            <Box
              as="kbd"
              position="absolute"
              right="2"
              top="50%"
              transform="translateY(-50%)"
              px="1.5"
              py="0.5"
              fontSize="xs"
              fontFamily="inherit"
              lineHeight="1"
              color="fg.muted"
              bg="bg.muted"
              borderWidth="1px"
              rounded="sm"
              pointerEvents="none"
              whiteSpace="nowrap"
              aria-hidden
              data-testid="menu-search-hint"
            >
              {shortcutHint(platform)}
            </Box>
          )}
        </Box>
        {compact && (
          <IconTip label={t`关闭`}>
            <IconButton variant="ghost" size="sm" aria-label={t`关闭`} onClick={() => setExpanded(false)}>
              <X size={16} />
            </IconButton>
          </IconTip>
        )}
      </HStack>
      {open && (
        <Stack
          id={listId}
          role="listbox"
          aria-label={t`搜索结果`}
          position="absolute"
          top={compact ? "calc(100% - 4px)" : "calc(100% + 4px)"}
          left={compact ? '2' : '0'}
          right={compact ? '2' : undefined}
          minW="64"
          maxH="80"
          overflowY="auto"
          bg="bg"
          borderWidth="1px"
          rounded="md"
          shadow="lg"
          gap="0"
          py="1"
          zIndex="dropdown"
          data-testid="menu-search-results"
        >
          {results.length === 0 ? (
            <Text px="3" py="2" fontSize="sm" color="fg.muted">
              {index ? t`没有匹配的菜单` : t`加载中…`}
            </Text>
          ) : (
            results.map((r, i) => (
              <HStack
                key={r.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === activeIdx}
                px="3"
                py="2"
                gap="2"
                fontSize="sm"
                cursor="pointer"
                bg={i === activeIdx ? 'brand.subtle' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActiveIdx(i)}
                onClick={() => go(r)}
              >
                <MenuIcon name={r.icon} size={14} />
                <Text flex="1" truncate>
                  {r.title}
                </Text>
                {r.target.kind === 'external' ? (
                  <ExternalLink size={12} aria-label={t`在新标签页打开`} />
                ) : (
                  <Text fontSize="xs" color="fg.muted" truncate maxW="32">
                    {r.path}
                  </Text>
                )}
              </HStack>
            ))
          )}
        </Stack>
      )}
    </Box>
  );
}
