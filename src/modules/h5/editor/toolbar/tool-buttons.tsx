import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { Badge, Box, IconButton, Popover, Portal, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { FileImage, ImageDown, ListChecks } from 'lucide-react';
import type { Work } from '@/contracts/h5';
import { IconTip } from '@/components/icon-tip';
import { withH5More } from '../../catalog';
import { editorState } from '../../core/store';
import { checkWork, workImages } from '../../issues/check';
import { goToIssue, IssuesList } from './issues-list';

/**
 * The tool bar's part-2 tools (spec 2.6): 导入PSD, 问题检查 (with the count of issues) and 截图海报.
 * The PSD and poster dialogs, with ag-psd's worker and modern-screenshot, load on first use.
 */

const PsdImportDialog = lazy(() => withH5More(import('./psd-import-dialog')).then((m) => ({ default: m.PsdImportDialog })));
const PosterDialog = lazy(() => withH5More(import('./poster-dialog')).then((m) => ({ default: m.PosterDialog })));

function ToolButton({ label, testId, onClick, children }: { label: string; testId: string; onClick(): void; children: ReactNode }) {
  const snap = useSnapshot(editorState);
  return (
    <IconTip label={label}>
      <IconButton aria-label={label} size="sm" variant="ghost" disabled={!snap.work} onClick={onClick} data-testid={testId}>
        {children}
      </IconButton>
    </IconTip>
  );
}

/** A tool that opens a lazily loaded dialog. */
function DialogTool({ label, testId, icon, Dialog }: { label: string; testId: string; icon: ReactNode; Dialog: typeof PsdImportDialog }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolButton label={label} testId={testId} onClick={() => setOpen(true)}>
        {icon}
      </ToolButton>
      {open && (
        <Suspense fallback={null}>
          <Dialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function PsdTool() {
  const { t } = useLingui();
  return <DialogTool label={t`导入PSD`} testId="tool-psd" icon={<FileImage size={16} />} Dialog={PsdImportDialog} />;
}

export function PosterTool() {
  const { t } = useLingui();
  return <DialogTool label={t`截图海报`} testId="tool-poster" icon={<ImageDown size={16} />} Dialog={PosterDialog} />;
}

/**
 * 问题检查: the count of the work's issues on the button (checked on every change), and the list
 * in a popover; opening it also loads the work's images and adds those that fail. Clicking an
 * issue selects its element (switching page first) and closes the list.
 */
export function IssuesTool() {
  const { t } = useLingui();
  const id = useId();
  const work = useSnapshot(editorState).work as Work | null;
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [checking, setChecking] = useState(false);
  const issues = useMemo(() => (work ? checkWork(work, { failedImages: failed }) : []), [work, failed]);
  const errors = issues.filter((i) => i.level === 'error').length;
  const label = t`问题检查`;

  const probe = async () => {
    const live = editorState.work;
    if (!live) return;
    setChecking(true);
    try {
      const { failedImages } = await import('../../issues/image-probe');
      setFailed(await failedImages(workImages(live)));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) void probe();
      }}
      ids={{ trigger: id }}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <IconTip label={issues.length > 0 ? `${label}（${issues.length}）` : label} triggerId={id}>
        <Popover.Trigger asChild>
          <IconButton aria-label={label} size="sm" variant="ghost" disabled={!work} position="relative" data-testid="tool-issues">
            <ListChecks size={16} />
            {issues.length > 0 && (
              <Badge
                position="absolute"
                top="0"
                right="0"
                size="xs"
                variant="solid"
                colorPalette={errors > 0 ? 'red' : 'orange'}
                rounded="full"
                minW="4"
                h="4"
                px="1"
                justifyContent="center"
                pointerEvents="none"
                data-testid="issues-count"
              >
                {issues.length}
              </Badge>
            )}
          </IconButton>
        </Popover.Trigger>
      </IconTip>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 1rem)" data-testid="issues-popover">
            <Popover.Header>
              <Text fontWeight="semibold">
                {label}
                {issues.length > 0 ? `（${issues.length}）` : ''}
              </Text>
            </Popover.Header>
            <Popover.Body pt="1" px="2" maxH="60vh" overflowY="auto">
              <Box>
                {work && (
                  <IssuesList
                    issues={issues}
                    work={work}
                    checking={checking}
                    onPick={(issue) => {
                      goToIssue(issue);
                      setOpen(false);
                    }}
                  />
                )}
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
