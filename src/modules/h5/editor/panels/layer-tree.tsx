import { useState } from 'react';
import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { ChevronDown, ChevronRight, EyeOff, FileText, Lock } from 'lucide-react';
import type { H5Element } from '@/contracts/h5';
import { elementSpec } from '../../core/registry';
import { editorState, select, setEditingPage } from '../../core/store';
import { elementDef } from '../../elements/index';
import { revealElement } from '../canvas/canvas-moveable';

/** An element's layer name: its type's name and the end of its uuid. */
export function useLayerName() {
  const { i18n } = useLingui();
  return (el: Pick<H5Element, 'name' | 'uuid'>) => {
    const def = elementDef(el.name);
    return `${def ? i18n._(def.label) : el.name} #${el.uuid.slice(-4)}`;
  };
}

/** Top first: by zindex, highest first (the page order breaks ties, later on top). */
export function layerOrder<T extends { commonStyle: { zindex: number } }>(elements: readonly T[]): T[] {
  return elements
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.commonStyle.zindex - a.e.commonStyle.zindex || b.i - a.i)
    .map((x) => x.e);
}

/** The tree tab: pages → their elements by stacking order; a click selects (on its page); locked and hidden ones are marked. */
export function LayerTree() {
  const { t } = useLingui();
  const snap = useSnapshot(editorState);
  const layerName = useLayerName();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const pages = snap.work?.pages ?? [];
  return (
    <Stack gap="1" role="tree" aria-label={t`图层`} data-testid="layer-tree">
      {pages.map((p, i) => {
        const current = p.uuid === snap.editingPageUuid;
        const expanded = open[p.uuid] ?? current;
        return (
          <Box key={p.uuid} role="treeitem" aria-expanded={expanded} aria-selected={false}>
            <HStack gap="1" px="1" py="1" rounded="sm" bg={current ? 'bg.muted' : undefined}>
              <IconButton
                aria-label={expanded ? t`收起` : t`展开`}
                size="2xs"
                variant="ghost"
                onClick={() => setOpen((o) => ({ ...o, [p.uuid]: !expanded }))}
              >
                {expanded ? <ChevronDown /> : <ChevronRight />}
              </IconButton>
              <FileText size={14} aria-hidden />
              <Text as="button" fontSize="sm" fontWeight={current ? 'semibold' : 'normal'} truncate textAlign="left" flex="1" onClick={() => setEditingPage(p.uuid)}>
                {p.title || t`第${i + 1}页`}
              </Text>
            </HStack>
            {expanded && (
              <Stack gap="0" pl="7" role="group">
                {p.elements.length === 0 && (
                  <Text fontSize="xs" color="fg.muted" py="1">
                    {t`这个页面还没有元素`}
                  </Text>
                )}
                {layerOrder(p.elements).map((el) => {
                  const selected = current && snap.selection.includes(el.uuid);
                  const locked = elementSpec(el.name)?.locked === true;
                  const hidden = (el.commonStyle.opacity ?? 1) === 0;
                  return (
                    <HStack
                      as="button"
                      key={el.uuid}
                      role="treeitem"
                      aria-selected={selected}
                      gap="1.5"
                      px="2"
                      py="1"
                      rounded="sm"
                      fontSize="sm"
                      textAlign="left"
                      bg={selected ? 'brand.subtle' : undefined}
                      color={selected ? 'brand.fg' : undefined}
                      _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
                      onClick={(e: React.MouseEvent) => {
                        if (!current) setEditingPage(p.uuid);
                        select([el.uuid], e.shiftKey && current ? 'toggle' : 'replace');
                        revealElement(el.uuid);
                      }}
                      data-testid="layer-item"
                      data-uuid={el.uuid}
                    >
                      <Text flex="1" truncate>
                        {layerName(el)}
                      </Text>
                      {hidden && <EyeOff size={12} aria-label={t`已隐藏`} />}
                      {locked && <Lock size={12} aria-label={t`固定在页面上`} />}
                    </HStack>
                  );
                })}
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
