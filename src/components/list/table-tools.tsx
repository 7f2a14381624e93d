import { useId } from 'react';
import { HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Columns3Cog, RefreshCw, Rows3, Rows4 } from 'lucide-react';
import { IconTip } from '@/components/icon-tip';
import type { ColumnMeta } from './list-context';
import { DEFAULT_TABLE_SETTINGS, withColumn, type TableSettings } from './table-settings';

export interface TableToolsProps {
  /** Asks the server again (online); spinning while it is asked. */
  onRefresh(): void;
  refreshing: boolean;
  canRefresh: boolean;
  /** The table's columns and the user's settings; without columns no column menu. */
  columns: readonly ColumnMeta[];
  settings: TableSettings;
  onSettings(next: TableSettings): void;
}

/** The icon buttons at the end of a list's toolbar: 刷新, the density, and the column menu (each with its tooltip). */
export function TableTools({ onRefresh, refreshing, canRefresh, columns, settings, onSettings }: TableToolsProps) {
  const { t } = useLingui();
  const menuId = useId();
  const compact = settings.density === 'compact';
  const hideable = columns.filter((c) => c.hideable);
  return (
    <HStack gap="1" data-testid="table-tools">
      <IconTip label={t`刷新`}>
        <IconButton size="sm" variant="ghost" aria-label={t`刷新`} onClick={onRefresh} loading={refreshing} disabled={!canRefresh} data-testid="list-refresh">
          <RefreshCw />
        </IconButton>
      </IconTip>
      <IconTip label={compact ? t`切换为宽松行距` : t`切换为紧凑行距`}>
        <IconButton
          size="sm"
          variant={compact ? 'subtle' : 'ghost'}
          aria-label={t`紧凑行距`}
          aria-pressed={compact}
          onClick={() => onSettings({ ...settings, density: compact ? 'comfortable' : 'compact' })}
          data-testid="list-density"
        >
          {compact ? <Rows4 /> : <Rows3 />}
        </IconButton>
      </IconTip>
      {hideable.length ? (
        <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-end' }} ids={{ trigger: menuId }} lazyMount unmountOnExit>
          <IconTip label={t`列设置`} triggerId={menuId}>
            <Menu.Trigger asChild>
              <IconButton size="sm" variant={settings.hidden.length ? 'subtle' : 'ghost'} aria-label={t`列设置`} data-testid="list-columns">
                <Columns3Cog />
              </IconButton>
            </Menu.Trigger>
          </IconTip>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="44" maxH="70vh" overflowY="auto" data-testid="list-columns-menu">
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>
                    <Trans>显示的列</Trans>
                  </Menu.ItemGroupLabel>
                  {columns
                    .filter((c) => c.key !== 'actions')
                    .map((c) => (
                      <Menu.CheckboxItem
                        key={c.key}
                        value={c.key}
                        checked={!settings.hidden.includes(c.key)}
                        disabled={!c.hideable}
                        onCheckedChange={(on) => onSettings(withColumn(settings, c.key, on))}
                        data-testid="list-column-toggle"
                        data-column={c.key}
                      >
                        <Text as="span" flex="1">
                          {c.header}
                        </Text>
                        <Menu.ItemIndicator />
                      </Menu.CheckboxItem>
                    ))}
                </Menu.ItemGroup>
                <Menu.Separator />
                <Menu.Item value="reset" onSelect={() => onSettings(DEFAULT_TABLE_SETTINGS)} disabled={!settings.hidden.length && !compact} data-testid="list-columns-reset">
                  <Trans>恢复默认</Trans>
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </HStack>
  );
}
