import { useEffect, useState, type ReactNode } from 'react';
import { Button, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { layoutTypes } from '@/contracts/session';
import { DeleteConfirm } from '@/components/delete-confirm';
import { formatFileSize } from '@/lib/format';
import { app, defaultSettings, setSetting, setSize, settings, sizes, slideClasses, type Settings, type Size, type SlideClass } from '../settings';
import { changeLayout } from '../preferences';
import { ChoiceButtons, LanguageSelect, ThemeSwatches, useLayoutNames } from './preference-controls';
import { ShellDrawer } from '@/components/shell-drawer';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Heading size="xs" color="fg.muted">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** Local storage used by the app (IndexedDB, caches) and whether the browser keeps it (persist). */
function StorageUsage() {
  const { t } = useLingui();
  const [info, setInfo] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const est = await navigator.storage?.estimate?.();
      const persisted = (await navigator.storage?.persisted?.()) ?? false;
      if (live && est) setInfo({ usage: est.usage ?? 0, quota: est.quota ?? 0, persisted });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!info) return null;
  return (
    <Text fontSize="sm" data-testid="storage-usage">
      {t`已用 ${formatFileSize(info.usage)}，可用 ${formatFileSize(info.quota)}`}
      {' · '}
      {info.persisted ? t`浏览器会保留这些数据` : t`存储空间紧张时浏览器可能清除这些数据`}
    </Text>
  );
}

function Toggle({ name, label }: { name: keyof Pick<Settings, 'tagsView' | 'tagsIcon' | 'showLanguage' | 'showSearch' | 'fixedHeader' | 'sidebarLogo'>; label: string }) {
  const snap = useSnapshot(settings);
  return (
    <Switch.Root colorPalette="brand" checked={snap[name]} onCheckedChange={(e) => setSetting(name, e.checked)} justifyContent="space-between" w="full" data-testid={`setting-${name}`}>
      <Switch.Label fontWeight="normal">{label}</Switch.Label>
      <Switch.HiddenInput />
      <Switch.Control />
    </Switch.Root>
  );
}

/** The settings drawer (spec 2.4, 3 Settings): display settings, persisted locally. */
export function SettingsDrawer() {
  const { t } = useLingui();
  const snap = useSnapshot(settings);
  const appSnap = useSnapshot(app);
  const layoutNames = useLayoutNames();
  const slideNames: Record<SlideClass, string> = { dark: t`深色侧边栏`, lightWhite: t`浅色侧边栏` };
  const sizeNames: Record<Size, string> = { large: t`大`, medium: t`中`, small: t`小` };

  const reset = (
    <DeleteConfirm
      onConfirm={() => {
        for (const k of Object.keys(defaultSettings) as (keyof Settings)[]) if (k !== 'layoutType') setSetting(k, defaultSettings[k] as never);
        setSize('medium');
      }}
    >
      <Button variant="outline" size="sm" data-testid="settings-reset">
        {t`恢复默认设置`}
      </Button>
    </DeleteConfirm>
  );

  return (
    <ShellDrawer name="settings" size="xs" title={t`系统设置`} testId="settings-drawer" footer={reset}>
      <Stack gap="6">
        <Section title={t`布局`}>
          <ChoiceButtons options={layoutTypes} value={snap.layoutType} names={layoutNames} onChoose={(l) => void changeLayout(l)} testIdPrefix="layout" />
        </Section>
        <Section title={t`主题颜色`}>
          <ThemeSwatches />
        </Section>
        <Section title={t`侧边栏风格`}>
          <ChoiceButtons options={slideClasses} value={snap.slideClass} names={slideNames} onChoose={(c) => setSetting('slideClass', c)} testIdPrefix="slide" />
        </Section>
        <Section title={t`界面显示`}>
          <Toggle name="tagsView" label={t`标签栏`} />
          <Toggle name="tagsIcon" label={t`标签栏图标`} />
          <Toggle name="showLanguage" label={t`语言切换`} />
          <Toggle name="showSearch" label={t`菜单搜索`} />
          <Toggle name="fixedHeader" label={t`固定顶栏`} />
          <Toggle name="sidebarLogo" label={t`侧边栏 Logo`} />
        </Section>
        <Section title={t`语言与尺寸`}>
          <LanguageSelect size="sm" testId="settings-language" />
          <HStack gap="2" role="radiogroup" aria-label={t`组件尺寸`}>
            <Text fontSize="sm" flex="1">{t`组件尺寸`}</Text>
            {sizes.map((s) => (
              <Button key={s} size="xs" variant={appSnap.size === s ? 'solid' : 'outline'} colorPalette={appSnap.size === s ? 'brand' : 'gray'} role="radio" aria-checked={appSnap.size === s} onClick={() => setSize(s)}>
                {sizeNames[s]}
              </Button>
            ))}
          </HStack>
        </Section>
        <Section title={t`本机存储`}>
          <StorageUsage />
        </Section>
        <Text fontSize="xs" color="fg.muted">
          {t`设置保存在本机浏览器中；布局和语言在联网时同步到您的账号。`}
        </Text>
      </Stack>
    </ShellDrawer>
  );
}
