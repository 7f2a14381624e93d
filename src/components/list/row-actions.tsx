import { useId, type ReactElement, type ReactNode } from 'react';
import { Button, HStack, IconButton, Menu, Portal, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Ellipsis, Plus, Trash2 } from 'lucide-react';
import { IconTip } from '@/components/icon-tip';
import { confirmRecordDelete, deleteQuestion, RecordDeleteConfirm } from '@/components/record-delete-confirm';
import { usePhoneScreen } from '@/components/use-media';
import type { ListColumn } from './list-table';

/**
 * A list's buttons as data (architecture rule 7): those of each row, in the actions column pinned
 * at the right edge (folded into one menu on a phone), and those of the toolbar (新建 …). Every
 * list draws them the same way, and only those the page's buttons grant (spec 6: `code`, checked
 * with the page's `can`). A delete asks first, naming the record: 确定删除「…」吗？
 */
interface ActionBase {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** The page button that grants it (btn_add, btn_edit …); without one it is always offered. */
  code?: string;
  danger?: boolean;
  testId?: string;
}

export interface RowAction<T> extends ActionBase {
  /**
   * Asks before running: the record's name for 确定删除「name」吗？ (a function of the row), or true
   * for 确定删除这条记录吗？ when the row has no name to show.
   */
  confirmDelete?: boolean | ((row: T) => string | null | undefined);
  /** Offered on this row (default: every row). */
  when?(row: T): boolean;
  /** Shown but not usable on this row: true, or the reason (shown as its title). */
  disabled?(row: T): boolean | string | null | undefined;
  /** Working on this row (a spinner in the button). */
  busy?(row: T): boolean;
  run(row: T): void;
}

export interface ListAction extends ActionBase {
  /** Asks before running: the question (确定删除选中的 3 条消息吗？), or true for 确定删除这条记录吗？ */
  confirmDelete?: boolean | string;
  /** The page's main action (新建): solid; others are outlined. */
  primary?: boolean;
  /** Shown but not usable: true, or the reason (shown as its title). */
  disabled?: boolean | string;
  /**
   * Useless offline while this device has no data of the list (新建 into an empty, unknown list):
   * the frame then disables it with the reason (ListFrame).
   */
  needsLocalData?: boolean;
  run(): void;
}

/** Whether the page grants a page button (usePagePermission().button). */
export type CanUse = (code: string) => boolean;

const granted = <A extends ActionBase>(actions: readonly A[], can: CanUse) => actions.filter((a) => !a.code || can(a.code));

/** The question a row action asks first, or null when it asks none. */
function rowQuestion<T>(action: RowAction<T>, row: T): string | null {
  if (!action.confirmDelete) return null;
  return deleteQuestion(typeof action.confirmDelete === 'function' ? action.confirmDelete(row) : null);
}

function ActionButton({
  action,
  question,
  run,
  off,
  busy,
  size,
  variant,
  iconOnly = false,
}: {
  action: ActionBase;
  question: string | null;
  run(): void;
  off?: boolean | string | null;
  busy?: boolean;
  size: 'xs' | 'sm';
  variant: 'ghost' | 'solid' | 'outline';
  /** Only the icon, the label in its tooltip (and its accessible name). */
  iconOnly?: boolean;
}) {
  const triggerId = useId();
  const ask = question !== null && !off;
  const bare = iconOnly && !!action.icon;
  const button = (
    <Button
      size={size}
      variant={variant}
      colorPalette={action.danger ? 'red' : 'brand'}
      disabled={!!off}
      title={typeof off === 'string' ? off : undefined}
      loading={busy}
      onClick={ask ? undefined : run}
      px={bare ? '1.5' : undefined}
      data-testid={action.testId}
    >
      {action.icon}
      {bare ? <VisuallyHidden>{action.label}</VisuallyHidden> : action.label}
    </Button>
  );
  const tip = (trigger: ReactElement) => (
    <IconTip label={action.label} triggerId={ask ? triggerId : undefined} placement="top">
      {trigger}
    </IconTip>
  );
  // A disabled button says why in its title; a tooltip would hide it.
  const tipped = bare && !off;
  if (ask)
    return (
      <RecordDeleteConfirm question={question} onConfirm={run} triggerId={tipped ? triggerId : undefined} wrapTrigger={tipped ? tip : undefined}>
        {button}
      </RecordDeleteConfirm>
    );
  return tipped ? tip(button) : button;
}

/**
 * The actions column: shown when the page grants any of its actions. `iconOnly`: the buttons show
 * their icons, the labels in tooltips (a wide table keeps its columns in view).
 */
export function actionsColumn<T>(actions: readonly RowAction<T>[], can: CanUse, opts: { iconOnly?: boolean } = {}): ListColumn<T> {
  const offered = granted(actions, can);
  return {
    key: 'actions',
    header: <Trans>操作</Trans>,
    show: offered.length > 0,
    nowrap: true,
    align: 'end',
    pinned: true,
    ownClicks: true,
    cell: (row) => <RowActions row={row} actions={offered} iconOnly={opts.iconOnly} />,
  };
}

/** The granted actions offered on one row: buttons, or on a phone one menu (a delete then asks in a dialog). */
export function RowActions<T>({ row, actions, iconOnly }: { row: T; actions: readonly RowAction<T>[]; iconOnly?: boolean }) {
  const phone = usePhoneScreen();
  const offered = actions.filter((a) => a.when?.(row) ?? true);
  if (phone && offered.length > 1) return <RowActionMenu row={row} actions={offered} />;
  return (
    <HStack gap="1" justify="flex-end">
      {offered.map((a) => (
        <ActionButton key={a.key} action={a} question={rowQuestion(a, row)} run={() => a.run(row)} off={a.disabled?.(row)} busy={a.busy?.(row)} size="xs" variant="ghost" iconOnly={iconOnly} />
      ))}
    </HStack>
  );
}

function RowActionMenu<T>({ row, actions }: { row: T; actions: readonly RowAction<T>[] }) {
  const { t } = useLingui();
  const triggerId = useId();
  const choose = async (a: RowAction<T>) => {
    const question = rowQuestion(a, row);
    if (question !== null && !(await confirmRecordDelete(question))) return;
    a.run(row);
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit ids={{ trigger: triggerId }}>
      <IconTip label={t`操作`} triggerId={triggerId}>
        <Menu.Trigger asChild>
          <IconButton size="sm" variant="ghost" aria-label={t`操作`} data-testid="row-actions-menu">
            <Ellipsis />
          </IconButton>
        </Menu.Trigger>
      </IconTip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            {actions.map((a) => {
              const off = a.disabled?.(row);
              return (
                <Menu.Item
                  key={a.key}
                  value={a.key}
                  disabled={!!off || a.busy?.(row)}
                  title={typeof off === 'string' ? off : undefined}
                  color={a.danger ? 'fg.error' : undefined}
                  onSelect={() => void choose(a)}
                  data-testid={a.testId}
                >
                  {a.icon}
                  {a.label}
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The toolbar's granted buttons. */
export function ListActions({ actions, can }: { actions: readonly ListAction[]; can: CanUse }) {
  return (
    <>
      {granted(actions, can).map((a) => (
        <ActionButton
          key={a.key}
          action={a}
          question={a.confirmDelete ? (typeof a.confirmDelete === 'string' ? a.confirmDelete : deleteQuestion(null)) : null}
          run={a.run}
          off={a.disabled}
          size="sm"
          variant={a.primary ? 'solid' : 'outline'}
        />
      ))}
    </>
  );
}

/** The page's 新建 (granted by btn_add), the main button of most lists. */
export function addAction(label: ReactNode, run: () => void, testId: string, icon: ReactNode = <Plus />): ListAction {
  return { key: 'add', label, icon, code: 'btn_add', primary: true, needsLocalData: true, run, testId };
}

/** A row's 删除 (granted by btn_remove): asks 确定删除「name」吗？ with the row's name, then runs. */
export function deleteAction<T>(name: (row: T) => string | null | undefined, run: (row: T) => void, testId: string, more: Partial<RowAction<T>> = {}): RowAction<T> {
  return { key: 'delete', label: <Trans>删除</Trans>, icon: <Trash2 />, code: 'btn_remove', danger: true, confirmDelete: name, run, testId, ...more };
}
