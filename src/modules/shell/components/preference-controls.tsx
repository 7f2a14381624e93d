import { Box, Button, HStack, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Check } from 'lucide-react';
import { languages, themes, type LayoutType } from '@/contracts/session';
import { isLanguage, localeNames } from '@/lib/i18n';
import { changeLanguage } from '../preferences';
import { setSetting, settings } from '../settings';
import { themeNames } from '../theme-style';
import { themePalettes } from '../themes';

/** The eight theme colours as a radio group (settings drawer, profile preferences). */
export function ThemeSwatches() {
  const { t, i18n } = useLingui();
  const current = useSnapshot(settings).theme;
  return (
    <HStack gap="2" wrap="wrap" role="radiogroup" aria-label={t`主题颜色`}>
      {themes.map((th) => (
        <Box
          key={th}
          as="button"
          role="radio"
          aria-checked={current === th}
          aria-label={i18n._(themeNames[th])}
          title={i18n._(themeNames[th])}
          w="7"
          h="7"
          rounded="md"
          bg={themePalettes[th][5]}
          color={th === 'yellow' ? 'gray.900' : 'white'}
          display="flex"
          alignItems="center"
          justifyContent="center"
          _focusVisible={{ outline: '2px solid', outlineColor: 'fg', outlineOffset: '2px' }}
          onClick={() => setSetting('theme', th)}
          data-testid={`theme-${th}`}
        >
          {current === th && <Check size={14} aria-hidden />}
        </Box>
      ))}
    </HStack>
  );
}

/** The UI language as a select; switches without a reload and saves the choice (see preferences.ts). */
export function LanguageSelect({ size, testId }: { size?: 'sm' | 'md'; testId: string }) {
  const { t, i18n } = useLingui();
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field aria-label={t`语言`} value={i18n.locale} onChange={(e) => isLanguage(e.target.value) && void changeLanguage(e.target.value)} data-testid={testId}>
        {languages.map((l) => (
          <option key={l} value={l}>
            {localeNames[l]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Names of the three layout types in the UI language. */
export function useLayoutNames(): Record<LayoutType, string> {
  const { t } = useLingui();
  return { classic: t`经典`, functional: t`顶部菜单`, plain: t`图标菜单` };
}

/** A row of buttons choosing one value (the pressed one is the current value). */
export function ChoiceButtons<T extends string>({ options, value, names, onChoose, testIdPrefix }: { options: readonly T[]; value: T; names: Record<T, string>; onChoose: (v: T) => void; testIdPrefix: string }) {
  return (
    <SimpleGrid columns={options.length} gap="2">
      {options.map((o) => (
        <Button key={o} size="sm" variant={value === o ? 'solid' : 'outline'} colorPalette={value === o ? 'brand' : 'gray'} aria-pressed={value === o} onClick={() => onChoose(o)} data-testid={`${testIdPrefix}-${o}`}>
          {names[o]}
        </Button>
      ))}
    </SimpleGrid>
  );
}
