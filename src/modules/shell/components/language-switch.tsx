import { useId } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { languages, type Language } from '@/contracts/session';
import { localeNames } from '@/lib/i18n';
import { IconTip } from '@/components/icon-tip';
import { changeLanguage } from '../preferences';

/** Top-bar language switch: zh, zhtw, en (spec 2.4). */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const triggerId = useId();
  return (
    <Menu.Root onSelect={(d) => void changeLanguage(d.value as Language)} ids={{ trigger: triggerId }}>
      <IconTip label={t`切换语言`} triggerId={triggerId}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={t`切换语言`} data-testid="language-switch">
            <Languages size={18} />
          </IconButton>
        </Menu.Trigger>
      </IconTip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="32">
            <Menu.RadioItemGroup value={i18n.locale}>
              {languages.map((l) => (
                <Menu.RadioItem key={l} value={l} data-testid={`language-${l}`}>
                  {localeNames[l]}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
