import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { EMOJI, type Emoji } from '../emoji';

export interface EmojiPanelProps {
  /** An emoji was chosen (click, Enter or Space): insert its alt text (emoji-text.ts insertAt). */
  onSelect(emoji: Emoji): void;
  /** Emoji per row: 8 fits 44 px touch targets on a 390 px screen. */
  columns?: number;
  /** The grid's height before it scrolls (CSS length). */
  maxHeight?: string;
  testId?: string;
}

/**
 * The chat's emoji picker (spec 2.7, 3 Emoji list): the 120 pictures in a grid, each a button
 * named by its alt text (`[微笑]`, shown as a tooltip too). One tab stop: the arrow keys move
 * within the grid (← → by one, ↑ ↓ by a row), Home / End go to the first / last, Enter or Space
 * chooses. Pictures load lazily as the grid scrolls.
 */
export function EmojiPanel({ onSelect, columns = 8, maxHeight = '15rem', testId = 'emoji-panel' }: EmojiPanelProps) {
  const { t } = useLingui();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (index: number) => {
    const next = Math.min(Math.max(0, index), EMOJI.length - 1);
    setActive(next);
    const el = buttons.current[next];
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = { ArrowRight: active + 1, ArrowLeft: active - 1, ArrowDown: active + columns, ArrowUp: active - columns, Home: 0, End: EMOJI.length - 1 }[e.key];
    if (target === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    // Up from the first row and down from the last stay where they are.
    if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && (target < 0 || target >= EMOJI.length)) return;
    move(target);
  };

  return (
    <Box
      role="group"
      aria-label={t`表情`}
      display="grid"
      gridTemplateColumns={`repeat(${columns}, minmax(0, 1fr))`}
      gap="0.5"
      p="1.5"
      maxH={maxHeight}
      overflowY="auto"
      overscrollBehavior="contain"
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {EMOJI.map((emoji, i) => (
        <chakra.button
          key={emoji.code}
          ref={(el: HTMLButtonElement | null) => {
            buttons.current[i] = el;
          }}
          type="button"
          tabIndex={i === active ? 0 : -1}
          display="flex"
          alignItems="center"
          justifyContent="center"
          aspectRatio="1"
          minW="0"
          maxW="11"
          w="full"
          justifySelf="center"
          rounded="md"
          cursor="pointer"
          _hover={{ bg: 'bg.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
          onFocus={() => setActive(i)}
          onClick={() => onSelect(emoji)}
          data-code={emoji.code}
          data-testid="emoji-item"
        >
          <chakra.img src={emoji.url} alt={emoji.alt} title={emoji.alt} loading="lazy" decoding="async" width="28" height="28" w="7" h="7" draggable={false} />
        </chakra.button>
      ))}
    </Box>
  );
}
