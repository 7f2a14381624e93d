import { useRef, useState } from 'react';
import { Badge, Box, Button, IconButton, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import type { TreeNode } from '@/contracts/common';
import { APPROVER_PICKER_WIDTH_PX } from '@/contracts/limits';
import { DialogSections, DialogShell } from './dialog-frame';
import { toggleChoice, type NodeItem, type SelectRule } from './tree-filter';
import { TreePickerPanel, useNodeTree, type NodeTree } from './tree-picker-panel';

export interface ApproverPickerProps {
  open: boolean;
  onClose(): void;
  /** The organisation tree down to its users (type 'user' leaves); undefined while it loads. */
  nodes: readonly TreeNode[] | undefined;
  /** The chosen users' ids (and nodes); the dialog then closes. */
  onConfirm(ids: string[], nodes: TreeNode[]): void;
  /** Several approvers (default) or one. */
  multiple?: boolean;
  /** Chosen when the dialog opens. */
  value?: readonly string[];
  loadChildren?: (node: TreeNode) => Promise<TreeNode[]>;
  /** Dialog title (default 选择审批人员). */
  title?: string;
}

/** Only users, and only leaves, can be approvers (spec 5.4). */
const APPROVER_RULE: SelectRule = { selectableType: 'user', leafOnly: true };
const TREE_HEIGHT = 300;

/**
 * The approver picker (spec 5.4, 9): a 450 px dialog with the organisation tree, the chosen users
 * as removable tags, 确定 / 取消. Confirming with nobody chosen says 请选择审批人员 and stays open.
 */
export function ApproverPicker({ open, onClose, nodes, onConfirm, multiple = true, value, loadChildren, title }: ApproverPickerProps) {
  const tree = useNodeTree(nodes, loadChildren);
  return (
    <DialogShell open={open} onClose={onClose} width={`${APPROVER_PICKER_WIDTH_PX}px`} scroll="outside" testId="approver-picker">
      <PickerBody tree={tree} multiple={multiple} initial={value} title={title} onClose={onClose} onConfirm={onConfirm} />
    </DialogShell>
  );
}

/** The dialog's content: mounted on each opening, so the choice starts from `initial`. */
function PickerBody({ tree, multiple, initial, title, onClose, onConfirm }: {
  tree: NodeTree;
  multiple: boolean;
  initial: readonly string[] | undefined;
  title: string | undefined;
  onClose(): void;
  onConfirm(ids: string[], nodes: TreeNode[]): void;
}) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string[]>(() => [...(initial ?? [])]);
  const known = useRef(new Map<string, TreeNode>()).current;
  const [error, setError] = useState(false);
  const nodeOf = (id: string) => tree.index.byId.get(id)?.node ?? known.get(id);

  const pick = (item: NodeItem) => {
    known.set(item.id, item.node);
    setChosen((c) => toggleChoice(c, item.id, multiple));
    setError(false);
  };
  const confirm = () => {
    if (!chosen.length) {
      setError(true);
      return;
    }
    onConfirm(chosen, chosen.map(nodeOf).filter((n): n is TreeNode => !!n));
    onClose();
  };

  return (
    <DialogSections
      title={title ?? <Trans>选择审批人员</Trans>}
      footer={
        <>
          <Button variant="outline" size="sm" onClick={onClose} aria-label={t`取消`} data-testid="approver-picker-cancel">
            <Trans>取消</Trans>
          </Button>
          <Button colorPalette="brand" size="sm" onClick={confirm} aria-label={t`确定`} data-testid="approver-picker-ok">
            <Trans>确定</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <TreePickerPanel tree={tree} chosen={chosen} multiple={multiple} rule={APPROVER_RULE} onPick={pick} label={t`组织机构与人员`} height={TREE_HEIGHT} />
        <Box>
          <Text fontSize="sm" color="fg.muted" mb="1.5">
            <Trans>已选择（{chosen.length}）</Trans>
          </Text>
          {chosen.length ? (
            <Wrap gap="1.5" data-testid="approver-picker-chosen">
              {chosen.map((id) => {
                const name = nodeOf(id)?.fullName ?? id;
                return (
                  <Badge key={id} size="md" variant="subtle" colorPalette="brand" gap="0.5" pe="0.5">
                    {name}
                    <IconButton
                      aria-label={t`移除 ${name}`}
                      size="2xs"
                      variant="ghost"
                      minW="4"
                      h="4"
                      color="inherit"
                      onClick={() => setChosen((c) => c.filter((x) => x !== id))}
                    >
                      <X />
                    </IconButton>
                  </Badge>
                );
              })}
            </Wrap>
          ) : (
            <Text fontSize="sm" color="fg.subtle">
              <Trans>尚未选择</Trans>
            </Text>
          )}
        </Box>
        {error ? (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="approver-picker-error">
            {t`请选择审批人员`}
          </Text>
        ) : null}
      </Stack>
    </DialogSections>
  );
}
