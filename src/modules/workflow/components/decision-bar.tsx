import { useState } from 'react';
import { Box, Button, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { OPINION_MAX } from '@/contracts/workflow-paths';
import { ApproverDialog } from '@/modules/org/public';
import type { Offered, TaskActions } from './use-task-actions';

/** The approval opinion (spec 5.1: at most 100 characters), with its count and the rule's message. */
export function OpinionField({ actions }: { actions: TaskActions }) {
  const { t } = useLingui();
  const { opinion, setOpinion, tooLong } = actions;
  return (
    <Field.Root invalid={tooLong}>
      <Field.Label>
        <Trans>审批意见</Trans>
      </Field.Label>
      <Textarea value={opinion} onChange={(e) => setOpinion(e.target.value)} rows={3} placeholder={t`请输入审批意见（选填）`} data-testid="wf-opinion" />
      <HStack w="full" justify="space-between" align="start">
        {tooLong ? <Field.ErrorText data-testid="wf-opinion-error">{t`审批意见不能超过${OPINION_MAX}个字符`}</Field.ErrorText> : <Box />}
        <Text fontSize="xs" color={tooLong ? 'fg.error' : 'fg.muted'} flexShrink={0}>
          {[...opinion.trim()].length}/{OPINION_MAX}
        </Text>
      </HStack>
    </Field.Root>
  );
}

/** The buttons of the task view, those the caller may use now; 同意 submits the editable fields' form when there is one. */
export function DecisionButtons({ offered, actions, editFormId, onClose }: { offered: Offered | null; actions: TaskActions; editFormId: string | null; onClose(): void }) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const { busy, tooLong } = actions;
  const held = !!busy;
  return (
    <HStack gap="2" justify="flex-end" flexWrap="wrap" w="full">
      <Button variant="outline" onClick={onClose} data-testid="wf-close">
        <Trans>关闭</Trans>
      </Button>
      {offered?.cancel ? (
        <Button variant="outline" colorPalette="red" loading={busy === 'cancel'} disabled={held} onClick={() => void actions.cancel()} data-testid="wf-cancel">
          <Trans>终止</Trans>
        </Button>
      ) : null}
      {offered?.revoke ? (
        <Button variant="outline" loading={busy === 'revoke'} disabled={held} onClick={() => void actions.revoke()} data-testid="wf-revoke">
          <Trans>撤回</Trans>
        </Button>
      ) : null}
      {offered?.transfer ? (
        <Button variant="outline" loading={busy === 'transfer'} disabled={held || tooLong} onClick={() => setPicking(true)} data-testid="wf-transfer">
          <Trans>转办</Trans>
        </Button>
      ) : null}
      {offered?.reject ? (
        <Button colorPalette="red" loading={busy === 'reject'} disabled={held || tooLong} onClick={() => void actions.decide('reject')} data-testid="wf-reject">
          <Trans>拒绝</Trans>
        </Button>
      ) : null}
      {offered?.audit ? (
        <Button
          colorPalette="brand"
          loading={busy === 'audit'}
          disabled={held || tooLong}
          {...(editFormId ? { type: 'submit' as const, form: editFormId } : { onClick: () => void actions.decide('audit') })}
          data-testid="wf-approve"
        >
          <Trans>同意</Trans>
        </Button>
      ) : null}
      {picking ? (
        <ApproverDialog
          open
          multiple={false}
          title={t`转办给`}
          onClose={() => setPicking(false)}
          onConfirm={(ids, nodes) => {
            const id = ids[0];
            if (id) void actions.transfer(id, nodes.find((n) => n.id === id)?.fullName ?? '');
          }}
        />
      ) : null}
    </HStack>
  );
}
