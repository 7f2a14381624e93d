import type { ReactNode } from 'react';
import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarChart3, Database, LayoutTemplate, UserRound, FolderOpen, type LucideIcon } from 'lucide-react';

/** The sections of the work-list sidebar (spec 2.6), in order. */
export const WORKS_SECTIONS = ['works', 'data', 'basic', 'templates', 'account'] as const;
export type WorksSection = (typeof WORKS_SECTIONS)[number];

const ICONS: Record<WorksSection, LucideIcon> = { works: FolderOpen, data: BarChart3, basic: Database, templates: LayoutTemplate, account: UserRound };

function useSectionLabel(): (s: WorksSection) => string {
  const { t } = useLingui();
  return (s) => ({ works: t`我的作品`, data: t`数据中心`, basic: t`基础数据`, templates: t`模板中心`, account: t`账号中心` })[s];
}

/**
 * The work-list sidebar (spec 2.6): 我的作品, 数据中心, 基础数据, 模板中心, 账号中心. A column beside
 * the list on a wide screen; on a phone a row of tabs above it that scrolls sideways.
 */
export function WorksSidebar({ active, onSelect }: { active: WorksSection; onSelect(s: WorksSection): void }) {
  const { t } = useLingui();
  const label = useSectionLabel();
  return (
    <Box as="nav" aria-label={t`作品导航`} flexShrink={0} w={{ base: 'full', lg: '44' }} data-testid="works-sidebar">
      <Stack
        direction={{ base: 'row', lg: 'column' }}
        gap="1"
        overflowX={{ base: 'auto', lg: 'visible' }}
        borderBottomWidth={{ base: '1px', lg: '0' }}
        borderRightWidth={{ base: '0', lg: '1px' }}
        pe={{ base: '0', lg: '3' }}
        pb={{ base: '2', lg: '0' }}
        h="full"
      >
        {WORKS_SECTIONS.map((s) => {
          const Icon = ICONS[s];
          const current = s === active;
          return (
            <Button
              key={s}
              size="sm"
              variant={current ? 'subtle' : 'ghost'}
              colorPalette={current ? 'brand' : 'gray'}
              justifyContent="flex-start"
              flexShrink={0}
              aria-current={current ? 'page' : undefined}
              onClick={() => onSelect(s)}
              data-testid={`works-section-${s}`}
            >
              <Icon size={16} aria-hidden />
              {label(s)}
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}

/** What the sections without a screen of their own say. */
export function WorksSectionNote({ section }: { section: Exclude<WorksSection, 'works' | 'data' | 'templates'> }) {
  const label = useSectionLabel();
  const Icon = ICONS[section];
  const text: ReactNode =
    section === 'basic' ? (
      <Trans>基础数据（门店、商品等可供作品的数据源使用的公共数据）将在后续版本提供；目前可在作品的“页面 → 数据源”中直接填写、上传 CSV 或连接接口。</Trans>
    ) : (
      <Trans>账号信息请在右上角头像菜单的“个人信息”中查看和修改。</Trans>
    );
  return (
    <Stack align="center" textAlign="center" gap="3" py="16" px="4" flex="1" color="fg.muted" data-testid={`works-note-${section}`}>
      <chakra.span color="fg.subtle" aria-hidden>
        <Icon size={44} strokeWidth={1.25} />
      </chakra.span>
      <Text fontWeight="medium" color="fg">
        {label(section)}
      </Text>
      <Text fontSize="sm" maxW="md">
        {text}
      </Text>
    </Stack>
  );
}
