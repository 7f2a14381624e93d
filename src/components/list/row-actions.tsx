import type { ReactNode } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { DeleteConfirm } from '@/components/delete-confirm';
import type { ListColumn } from './list-table';

/**
 * A list's buttons as data (architecture rule 7): those of each row, in the actions column pinned
 * at the right edge, and those of the toolbar (新建 …). Every list draws them the same way, and
 * only those the page's buttons grant (spec 6: `code`, checked with the page's `can`).
 */
interface ActionBase {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** The page button that grants it (btn_add, btn_edit …); without one it is always offered. */
  code?: string;
  danger?: boolean;
  /** Asks the delete confirmation of spec 2.4 first. */
  confirmDelete?: boolean;
  testId?: string;
}

export interface RowAction<T> extends ActionBase {
  /** Offered on this row (default: every row). */
  when?(row: T): boolean;
  /** Shown but not usable on this row: true, or the reason (shown as its title). */
  disabled?(row: T): boolean | string | null | undefined;
  /** Working on this row (a spinner in the button). */
  busy?(row: T): boolean;
  run(row: T): void;
}

export interface ListAction extends ActionBase {
  /** The page's main action (新建): solid; others are outlined. */
  primary?: boolean;
  disabled?: boolean;
  run(): void;
}

/** Whether the page grants a page button (usePagePermission().button). */
export type CanUse = (code: string) => boolean;

const granted = <A extends ActionBase>(actions: readonly A[], can: CanUse) => actions.filter((a) => !a.code || can(a.code));

function ActionButton({ action, run, off, busy, size, variant }: { action: ActionBase; run(): void; off?: boolean | string | null; busy?: boolean; size: 'xs' | 'sm'; variant: 'ghost' | 'solid' | 'outline' }) {
  const confirm = action.confirmDelete && !off;
  const button = (
    <Button
      size={size}
      variant={variant}
      colorPalette={action.danger ? 'red' : 'brand'}
      disabled={!!off}
      title={typeof off === 'string' ? off : undefined}
      loading={busy}
      onClick={confirm ? undefined : run}
      data-testid={action.testId}
    >
      {action.icon}
      {action.label}
    </Button>
  );
  return confirm ? <DeleteConfirm onConfirm={run}>{button}</DeleteConfirm> : button;
}

/** The actions column: shown when the page grants any of its actions. */
export function actionsColumn<T>(actions: readonly RowAction<T>[], can: CanUse): ListColumn<T> {
  const offered = granted(actions, can);
  return {
    key: 'actions',
    header: <Trans>操作</Trans>,
    show: offered.length > 0,
    nowrap: true,
    align: 'end',
    pinned: true,
    ownClicks: true,
    cell: (row) => <RowActions row={row} actions={offered} />,
  };
}

/** The granted actions offered on one row. */
export function RowActions<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  return (
    <HStack gap="1" justify="flex-end">
      {actions
        .filter((a) => a.when?.(row) ?? true)
        .map((a) => (
          <ActionButton key={a.key} action={a} run={() => a.run(row)} off={a.disabled?.(row)} busy={a.busy?.(row)} size="xs" variant="ghost" />
        ))}
    </HStack>
  );
}

/** The toolbar's granted buttons. */
export function ListActions({ actions, can }: { actions: readonly ListAction[]; can: CanUse }) {
  return (
    <>
      {granted(actions, can).map((a) => (
        <ActionButton key={a.key} action={a} run={a.run} off={a.disabled} size="sm" variant={a.primary ? 'solid' : 'outline'} />
      ))}
    </>
  );
}

/** The page's 新建 (granted by btn_add), the main button of most lists. */
export function addAction(label: ReactNode, run: () => void, testId: string, icon: ReactNode = <Plus />): ListAction {
  return { key: 'add', label, icon, code: 'btn_add', primary: true, run, testId };
}
