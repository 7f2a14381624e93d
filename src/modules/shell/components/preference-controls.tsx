import { Box, HStack, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Check } from 'lucide-react';
import { languages, themes } from '@/contracts/session';
import { isLanguage, localeNames } from '@/lib/i18n';
import { changeLanguage } from '../preferences';
import { setSetting, settings } from '../settings';
import { themeNames, themePalettes } from '../themes';

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
