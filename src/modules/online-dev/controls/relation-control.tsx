import { useEffect, useId, useState } from 'react';
import { Box, Button, chakra, IconButton, Input, Popover, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown, X } from 'lucide-react';
import type { RelationOption } from '@/contracts/online-dev-model';
import { useFormServices } from '../form/services';
import { cellLabel, controlSize, type ControlProps } from './types';

const SEARCH_DELAY_MS = 250;

/**
 * 关联表单 (relationForm): a record of the related model, searched by keyword (spec 3 Relation
 * option: id, fullName); the chosen record shows by its title.
 */
export function RelationControl({ field, value, onChange, disabled, invalid, mode, testId }: ControlProps) {
  const { t } = useLingui();
  const services = useFormServices();
  const id = typeof value === 'string' && value ? value : null;
  const label = services.useRelationLabel(field, id);
  const [open, setOpen] = useState(false);
  const name = cellLabel({ mode, field }) ?? field.label;
  const text = id ? (label ?? id) : '';
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit positioning={{ placement: 'bottom-start', strategy: 'fixed' }}>
      <Box position="relative" w="full">
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            size={controlSize(mode)}
            w="full"
            justifyContent="space-between"
            fontWeight="normal"
            pe={id && !disabled ? '14' : '8'}
            disabled={disabled}
            aria-label={text ? t`${name}：${text}` : name}
            aria-invalid={invalid || undefined}
            borderColor={invalid ? 'border.error' : undefined}
            data-testid={testId}
          >
            <Text as="span" truncate color={text ? undefined : 'fg.subtle'}>
              {text || field.placeholder || t`请选择`}
            </Text>
          </Button>
        </Popover.Trigger>
        {id && !disabled ? (
          <IconButton aria-label={t`清空`} size="2xs" variant="ghost" position="absolute" top="50%" transform="translateY(-50%)" right="7" onClick={() => onChange(null)}>
            <X />
          </IconButton>
        ) : null}
        <Box position="absolute" top="50%" right="2.5" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" display="inline-flex" aria-hidden>
          <ChevronDown size={14} />
        </Box>
      </Box>
      {/* Not portalled: inside a modal dialog, content outside it cannot be used. */}
      <Popover.Positioner>
        <Popover.Content w="max(var(--reference-width), 16rem)" maxW="calc(100vw - 2rem)">
          <Popover.Body p="2">
            <RelationSearch
              field={field}
              chosen={id}
              onPick={(o) => {
                onChange(o.id);
                setOpen(false);
              }}
              testId={testId}
            />
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

function RelationSearch({ field, chosen, onPick, testId }: { field: ControlProps['field']; chosen: string | null; onPick(o: RelationOption): void; testId?: string }) {
  const { t } = useLingui();
  const services = useFormServices();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<RelationOption[] | 'loading' | 'error'>('loading');
  const listId = useId();
  useEffect(() => {
    let live = true;
    setState('loading');
    const timer = setTimeout(() => {
      services.relationOptions(field, keyword.trim()).then(
        (list) => live && setState(list),
        () => live && setState('error'),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [services, field, keyword]);
  return (
    <Stack gap="2">
      <Input size="sm" value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t`搜索`} aria-label={t`搜索`} aria-controls={listId} autoFocus data-testid={testId ? `${testId}-search` : undefined} />
      <Box id={listId} role="listbox" aria-label={field.label} maxH="60" overflowY="auto">
        {state === 'loading' ? (
          <Spinner size="sm" m="2" />
        ) : state === 'error' ? (
          <Text fontSize="sm" color="fg.error" p="2">
            <Trans>加载失败</Trans>
          </Text>
        ) : !state.length ? (
          <Text fontSize="sm" color="fg.muted" p="2">
            <Trans>暂无数据</Trans>
          </Text>
        ) : (
          state.map((o) => (
            <chakra.button
              key={o.id}
              type="button"
              role="option"
              aria-selected={o.id === chosen}
              display="block"
              w="full"
              textAlign="start"
              px="2"
              py="1.5"
              fontSize="sm"
              rounded="sm"
              bg={o.id === chosen ? 'brand.subtle' : undefined}
              color={o.id === chosen ? 'brand.fg' : undefined}
              _hover={{ bg: 'bg.muted' }}
              onClick={() => onPick(o)}
              data-testid={testId ? `${testId}-option` : undefined}
            >
              {o.fullName}
            </chakra.button>
          ))
        )}
      </Box>
    </Stack>
  );
}
