import { useEffect, useState } from 'react';
import { Button, Flex, Spinner, Text, VStack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { FlowInfo } from '@/contracts/workflow';
import { EmptyState } from '@/components/empty-state';
import { NetworkError } from '@/lib/errors';
import { network } from '@/lib/network';
import { syncStatus } from '@/lib/sync/engine';
import { docOf, flowApi } from '../api';
import { differsFrom, readLocalCopy, type LocalCopy } from '../local-copy';
import { FlowEditor } from './flow-editor';

type Loaded = { state: 'loading' } | { state: 'ready'; info: FlowInfo; copy: LocalCopy | null; fromCopy: boolean } | { state: 'failed'; reason: string; offline: boolean };

const infoFromCopy = (copy: LocalCopy): FlowInfo | null => (copy.info ? { ...copy.info, ...copy.doc, draft: copy.doc.draft } : null);

/**
 * Opens a flow in the designer: read from the server, with the working copy this device kept
 * offered back when it differs. Offline, a kept copy opens by itself (saving waits for the connection).
 */
export function FlowView({ flowId, onBack }: { flowId: string; onBack(): void }) {
  const dbReady = useSnapshot(syncStatus).active;
  const online = useSnapshot(network).online;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    const readCopy = () => (dbReady ? readLocalCopy(flowId).catch(() => null) : Promise.resolve(null));
    flowApi.get(flowId).then(
      async (info) => {
        const copy = await readCopy();
        if (live) setLoaded({ state: 'ready', info, copy: copy && differsFrom(copy, docOf(info)) ? copy : null, fromCopy: false });
      },
      async (e: unknown) => {
        const copy = await readCopy();
        const fromCopy = copy ? infoFromCopy(copy) : null;
        if (!live) return;
        if (fromCopy && e instanceof NetworkError) setLoaded({ state: 'ready', info: fromCopy, copy: null, fromCopy: true });
        else setLoaded({ state: 'failed', reason: e instanceof Error ? e.message : String(e), offline: e instanceof NetworkError });
      },
    );
    return () => {
      live = false;
    };
  }, [flowId, attempt, dbReady]);

  if (loaded.state === 'ready') {
    return <FlowEditor key={`${loaded.info.version}:${attempt}`} info={loaded.info} pendingCopy={loaded.copy} fromCopy={loaded.fromCopy} onBack={onBack} onReload={() => setAttempt((a) => a + 1)} />;
  }
  return (
    <Flex minH="60" align="center" justify="center" bg="bg" borderWidth="1px" rounded="l3" data-testid="flow-editor" data-state={loaded.state}>
      {loaded.state === 'loading' ? (
        <VStack color="fg.muted">
          <Spinner />
          <Text fontSize="sm">
            <Trans>正在打开流程设计…</Trans>
          </Text>
        </VStack>
      ) : (
        <EmptyState
          text={loaded.offline ? <Trans>需要联网才能打开流程设计（本机没有这个流程的修改）。</Trans> : <Trans>打开失败：{loaded.reason}</Trans>}
          action={
            <Flex gap="2">
              <Button size="sm" variant="outline" onClick={onBack}>
                <Trans>返回</Trans>
              </Button>
              <Button size="sm" colorPalette="brand" disabled={!online} onClick={() => setAttempt((a) => a + 1)} data-testid="flow-retry">
                <Trans>重试</Trans>
              </Button>
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
