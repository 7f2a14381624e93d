import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Group, HStack, IconButton, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Copy, ExternalLink, Send } from 'lucide-react';
import type { WriteOutcome } from '@/lib/sync/outcome';
import { confirm } from '@/components/confirm';
import { DialogSections, DialogShell } from '@/components/dialog-frame';
import { IconTip } from '@/components/icon-tip';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import type { Work } from '@/contracts/h5';
import { QrCode } from '../../components/qr-code';
import { checkWork } from '../../issues/check';
import { goToIssue, IssuesList } from '../toolbar/issues-list';
import { editorState, setServerFields } from '../../core/store';
import { setWorkFlags } from '../../drafts';
import { publicPageUrl, publishWork, unpublishWork } from '../../publish-api';

export interface PublishDialogProps {
  workId: string;
  /** Saves the work to the server now and waits briefly for the answer. */
  saveNow(): Promise<WriteOutcome>;
  onClose(): void;
}

type Step = 'idle' | 'saving' | 'publishing' | 'unpublishing';

/** Copies `text`, saying so; when the browser refuses, the link stays selectable beside it. */
async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify({ kind: 'success', title: done });
  } catch {
    /* no clipboard access (http on a LAN address): the link is shown to select by hand */
  }
}

/**
 * 发布 (issue 19): the work is saved to the server first, then published as an immutable snapshot
 * at /p/{workId} (a link to copy, a QR code to scan, open it); 下线 takes it down. Publishing needs
 * the server: offline the dialog says so and the work stays saved on the device. Changes made after
 * publishing reach the public page with the next 发布.
 */
export function PublishDialog({ workId, saveNow, onClose }: PublishDialogProps) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const snap = useSnapshot(editorState);
  const published = snap.work?.is_publish ?? false;
  // 问题检查 before publishing (the document as it is; images' loading is checked by the tool bar's list).
  const issues = useMemo(() => (snap.work ? checkWork(snap.work as Work) : []), [snap.work]);
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const url = publicPageUrl(workId);

  const flags = async (is_publish: boolean) => {
    setServerFields({ is_publish });
    await setWorkFlags(workId, { is_publish }).catch(() => undefined);
  };

  const publish = async () => {
    setError(null);
    setStep('saving');
    try {
      const saved = await saveNow();
      if (saved.state === 'refused') return setError(saved.conflict ? t`作品已在别处修改，请先处理冲突再发布` : t`作品保存失败，无法发布：${saved.message}`);
      if (saved.state === 'waiting') return setError(t`作品还没有同步到服务器，请稍后再发布`);
      setStep('publishing');
      const result = await publishWork(workId);
      setVersion(result.version);
      await flags(true);
      notify({ kind: 'success', title: t`发布成功` });
    } catch (e) {
      setError(t`发布失败：${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setStep('idle');
    }
  };

  const unpublish = async () => {
    if (!(await confirm(t`下线作品`, t`下线后，访问者将无法打开这个页面，直到再次发布。确定下线吗？`, { okText: t`下线` }))) return;
    setError(null);
    setStep('unpublishing');
    try {
      await unpublishWork(workId);
      await flags(false);
      setVersion(null);
      notify({ kind: 'success', title: t`已下线` });
    } catch (e) {
      setError(t`下线失败：${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setStep('idle');
    }
  };

  const busy = step !== 'idle';
  return (
    <DialogShell onClose={onClose} size="md" testId="publish-dialog">
      <DialogSections
        title={t`发布作品`}
        footer={
          <HStack w="full" justify="space-between">
            {published ? (
              <Button variant="outline" colorPalette="red" size="sm" onClick={() => void unpublish()} loading={step === 'unpublishing'} disabled={!online || busy} data-testid="publish-unpublish">
                {t`下线`}
              </Button>
            ) : (
              <span />
            )}
            <HStack>
              <Button variant="outline" size="sm" onClick={onClose}>
                {t`关闭`}
              </Button>
              <Button colorPalette="brand" size="sm" onClick={() => void publish()} loading={step === 'saving' || step === 'publishing'} loadingText={step === 'saving' ? t`正在保存…` : t`正在发布…`} disabled={!online || busy} data-testid="publish-confirm">
                <Send size={16} />
                {published ? t`发布更新` : t`立即发布`}
              </Button>
            </HStack>
          </HStack>
        }
      >
        <Stack gap="4">
          {!online && (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t`发布需要联网。作品已保存在本机，联网后即可发布。`}</Alert.Title>
            </Alert.Root>
          )}
          {error && (
            <Alert.Root status="error" size="sm" data-testid="publish-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          {issues.length > 0 && (
            <Stack gap="2" borderWidth="1px" borderColor="border.warning" rounded="md" p="2" data-testid="publish-issues">
              <Text fontSize="sm" color="fg.warning">
                {t`发布前检查发现 ${issues.length} 个问题，可以先修改再发布，也可以直接发布：`}
              </Text>
              <Box maxH="40" overflowY="auto">
                <IssuesList
                  issues={issues}
                  work={snap.work as Work}
                  checking={false}
                  onPick={(issue) => {
                    goToIssue(issue);
                    onClose();
                  }}
                />
              </Box>
            </Stack>
          )}
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {t`状态`}
            </Text>
            <Badge colorPalette={published ? 'green' : 'gray'} data-testid="publish-state" data-published={published ? 'true' : 'false'}>
              {published ? (version ? t`已发布（第 ${version} 版）` : t`已发布`) : t`未发布`}
            </Badge>
          </HStack>
          {published ? (
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'center', sm: 'flex-start' }}>
              <QrCode text={url} label={t`手机扫码打开`} testId="publish-qr" />
              <Stack gap="2" flex="1" minW="0" w="full">
                <Text fontSize="sm">{t`访问者无需登录即可打开这个链接：`}</Text>
                <Group attached w="full">
                  <Input size="sm" readOnly value={url} onFocus={(e) => e.currentTarget.select()} aria-label={t`作品链接`} data-testid="publish-url" />
                  <IconTip label={t`复制链接`}>
                    <IconButton size="sm" variant="outline" aria-label={t`复制链接`} onClick={() => void copy(url, t`链接已复制`)} data-testid="publish-copy">
                      <Copy size={16} />
                    </IconButton>
                  </IconTip>
                </Group>
                <Link href={url} target="_blank" rel="noopener" fontSize="sm" color="brand.fg" data-testid="publish-open">
                  <ExternalLink size={14} />
                  {t`在新窗口打开`}
                </Link>
                <Text fontSize="xs" color="fg.muted">
                  {t`发布后再修改作品，线上页面不会变化，再次点击“发布更新”后才会更新。`}
                </Text>
              </Stack>
            </Stack>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t`发布后会生成一个公开链接和二维码，手机上无需登录即可访问，表单提交会汇总到数据中心。`}
            </Text>
          )}
        </Stack>
      </DialogSections>
    </DialogShell>
  );
}
