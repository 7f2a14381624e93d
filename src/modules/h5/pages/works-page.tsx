import { useState } from 'react';
import { Alert, Button, Center, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { z } from 'zod';
import { ERROR_TOAST_MS } from '@/contracts/limits';
import { EmptyState } from '@/components/empty-state';
import { ListToolbar } from '@/components/list-toolbar';
import { PageCard } from '@/components/page-card';
import { formatDateTime } from '@/lib/format';
import { defineListSearch, useListSearch } from '@/lib/list-search';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { createWork, deleteWork, outcomeOf } from '../drafts';
import type { WorkRow } from '../table';
import { DataCenter } from '../components/data-center';
import { TemplateCenter } from '../components/template-center';
import { WorkCard } from '../components/work-card';
import { useWorksView } from '../components/works-data';
import { WORKS_SECTIONS, WorksSectionNote, WorksSidebar, type WorksSection } from '../components/works-sidebar';

/** The keyword and the sidebar's section in the URL (`?q=…&type=templates`). */
const worksSearch = defineListSearch({ type: z.enum(WORKS_SECTIONS) }, { type: 'works' as WorksSection });

/** The editor's route (declared by the routes, outside this module). */
const EDITOR_ROUTE = '/h5/editor/$workId';

function useOpenEditor() {
  const navigate = useNavigate();
  return (workId: string) => void navigate({ to: EDITOR_ROUTE, params: { workId } } as never);
}

/** What the user hears after deleting a work: 删除成功 only once the server has it. */
async function reportDelete(run: () => ReturnType<typeof deleteWork>, words: { ok: string; local: string; slow: string; failed: (m: string) => string }) {
  try {
    const outcome = await outcomeOf(await run());
    if (outcome.state === 'sent') notify({ kind: 'success', title: words.ok });
    else if (outcome.state === 'refused') notify({ kind: 'error', title: outcome.message || words.failed(''), duration: ERROR_TOAST_MS });
    else notify({ kind: 'info', title: network.online ? words.slow : words.local });
  } catch (e) {
    notify({ kind: 'error', title: words.failed(e instanceof Error ? e.message : String(e)) });
  }
}

/** The works: search, 新建作品, the cards in a grid (one column on a phone), 加载更多. */
function WorksList({ keyword, onSearch }: { keyword: string; onSearch(q: string): void }) {
  const { t } = useLingui();
  const view = useWorksView(keyword);
  const openEditor = useOpenEditor();
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const work = await createWork();
      openEditor(work.id);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      notify({ kind: 'error', title: t`操作失败：${message}` });
    } finally {
      setCreating(false);
    }
  };
  const remove = (row: WorkRow) =>
    void reportDelete(() => deleteWork(row.id), {
      ok: t`删除成功`,
      local: t`删除已保存在本机，联网后自动同步`,
      slow: t`删除已保存在本机，正在同步`,
      failed: (m) => (m ? t`操作失败：${m}` : t`服务器拒绝了这次修改`),
    });

  const rows = view.rows;
  const time = formatDateTime(view.fetchedAt);
  return (
    <Stack gap="4" flex="1" minW="0" data-testid="works-list">
      <ListToolbar keyword={keyword} onSearch={onSearch} placeholder={t`请输入作品标题查询`}>
        <Button size="sm" colorPalette="brand" onClick={() => void create()} loading={creating} data-testid="work-create">
          <Plus size={16} />
          <Trans>新建作品</Trans>
        </Button>
      </ListToolbar>
      {view.fromCache ? (
        <Alert.Root status="warning" size="sm" data-testid="works-offline-note">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">
            {view.fetchedAt ? (
              <Trans>离线：显示的是本机保存的作品（列表更新于 {time}）。新建和修改先保存在本机，联网后自动同步。</Trans>
            ) : (
              <Trans>离线：显示的是本机保存的作品。新建和修改先保存在本机，联网后自动同步。</Trans>
            )}
          </Alert.Title>
        </Alert.Root>
      ) : null}
      {rows === undefined ? (
        <Center py="16">
          <Spinner />
        </Center>
      ) : rows.length === 0 ? (
        view.loading ? (
          <Center py="16">
            <Spinner />
          </Center>
        ) : (
          <EmptyState
            text={keyword ? t`没有找到标题包含“${keyword}”的作品` : t`还没有作品，新建一个开始设计吧`}
            action={
              keyword ? (
                <Button size="sm" variant="outline" onClick={() => onSearch('')}>
                  <Trans>清除搜索</Trans>
                </Button>
              ) : undefined
            }
          />
        )
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 4 }} gap="4" data-testid="works-grid">
          {rows.map((row) => (
            <WorkCard key={row.id} row={row} marks={view.marksOf(row.id)} onEdit={(r) => openEditor(r.id)} onDelete={remove} />
          ))}
        </SimpleGrid>
      )}
      {view.hasMore && rows?.length ? (
        <Center>
          <Button size="sm" variant="outline" onClick={view.more} loading={view.loading} data-testid="works-more">
            <Trans>加载更多</Trans>
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/** Menu page `h5/works` (我的作品): the work-list sidebar of spec 2.6 and my works. */
export function WorksPage() {
  const query = useListSearch(worksSearch);
  const section = query.values.type;
  const openEditor = useOpenEditor();
  return (
    <PageCard testId="works-page" title={<Trans>我的作品</Trans>} filter={<WorksSidebar active={section} onSelect={(type) => query.filter({ type })} />}>
      {section === 'works' ? (
        <WorksList keyword={query.values.q} onSearch={query.search} />
      ) : section === 'templates' ? (
        <TemplateCenter onOpenWork={openEditor} />
      ) : section === 'data' ? (
        <DataCenter />
      ) : (
        <WorksSectionNote section={section} />
      )}
    </PageCard>
  );
}
