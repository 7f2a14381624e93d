import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { FailedBadge, PendingBadge } from '@/components/list-status';
import { openDrawer } from '@/components/shell-drawer-state';
import { formatDateTime } from '@/lib/format';
import { network } from '@/lib/network';
import { ModelForm } from '@/modules/online-dev/public';
import type { QueuedLaunch } from '../use-queued-launch';
import { FlowFormServices } from './flow-form';
import { UrgencyTag } from './tags';
import { Facts, Section } from './task-parts';

/** 待同步 (or 同步失败, with the server's reason) of a launch still on this device. */
function SyncBadge({ launch, testId }: { launch: QueuedLaunch; testId?: string }) {
  return launch.state === 'failed' ? <FailedBadge reason={launch.reason} testId={testId && `${testId}-failed`} /> : <PendingBadge testId={testId && `${testId}-pending`} />;
}

/** The tags of the task view's header for a launch still on this device: its sync state and urgency. */
export function QueuedLaunchTags({ launch }: { launch: QueuedLaunch }) {
  return (
    <HStack gap="2">
      <SyncBadge launch={launch} testId="wf-sync" />
      <UrgencyTag urgent={launch.urgent} />
    </HStack>
  );
}

/**
 * The task view of a task launched on this device that the server does not have yet: what the
 * device holds of it — the facts, the form read-only with what was filled in, and its one step so
 * far (发起, 待同步). Nothing to do here: a refused launch is retried or discarded in the sync panel,
 * which the view opens.
 */
export function QueuedLaunchView({ launch, onClose }: { launch: QueuedLaunch; onClose(): void }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const { reason } = launch;
  const creatorTime = new Date(launch.at).toISOString();
  const openSyncPanel = () => {
    onClose();
    openDrawer('sync');
  };
  return (
    <Stack gap="5" data-testid="wf-task-queued" data-state={launch.state}>
      {launch.state === 'failed' ? (
        <Alert.Root status="error" data-testid="wf-launch-refused">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{reason ? t`服务器没有接受此次发起：${reason}` : t`服务器没有接受此次发起`}</Alert.Title>
            <Alert.Description>
              <Trans>可在同步面板中重试或放弃。</Trans>
            </Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" alignSelf="center" flexShrink={0} onClick={openSyncPanel} data-testid="wf-open-sync">
            <Trans>打开同步面板</Trans>
          </Button>
        </Alert.Root>
      ) : (
        <Alert.Root status="info" data-testid="wf-launch-pending">
          <Alert.Indicator />
          <Alert.Title>{online ? t`已保存在本机，正在发起：服务器收到后即可查看审批进度` : t`离线：已保存在本机，联网后自动发起`}</Alert.Title>
        </Alert.Root>
      )}
      <Facts task={{ flowName: launch.flowName, launcherName: launch.launcherName, creatorTime, completedTime: null }} />
      {launch.form ? (
        <FlowFormServices modelId={launch.form.modelId} flowId={launch.flowId}>
          <Section title={launch.form.fullName || t`表单`}>
            <ModelForm modelId={launch.form.modelId} form={launch.form.form} mode="detail" values={launch.formData} formId={`wf-queued-${launch.taskId}`} testId="wf-task-form" />
          </Section>
        </FlowFormServices>
      ) : (
        <Text color="fg.muted" fontSize="sm" data-testid="wf-queued-no-form">
          <Trans>本机已没有此流程的表单，暂不能显示填写的内容；发起送达服务器后即可查看。</Trans>
        </Text>
      )}
      <Section title={<Trans>流程进度</Trans>}>
        <HStack gap="3" align="start" data-testid="wf-node" data-state={launch.state}>
          <Box w="3" h="3" mt="1.5" ms="0.5" rounded="full" flexShrink={0} bg={launch.state === 'failed' ? 'red.solid' : 'orange.solid'} aria-hidden />
          <HStack gap="2" flexWrap="wrap" minW="0">
            <Text fontWeight="medium">
              <Trans>发起</Trans>
            </Text>
            <SyncBadge launch={launch} />
            {launch.launcherName ? <Text fontSize="sm">{launch.launcherName}</Text> : null}
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(creatorTime)}
            </Text>
          </HStack>
        </HStack>
      </Section>
    </Stack>
  );
}
