import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { Download } from 'lucide-react';
import { fillPath } from '@/contracts/api-path';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import type { ModelConfig } from '@/contracts/online-dev-model';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { notify } from '@/lib/notify';
import { saveBlob } from '@/lib/download';
import type { RecordQuery } from '../records';

/** 导出 (btn_export, spec 7.6 Actions/Export): the list as filtered and sorted now, as an .xlsx file; online only. */
export function ExportButton({ config, query }: { config: ModelConfig; query: RecordQuery }) {
  const { t } = useLingui();
  const online = useSnapshot(network).online;
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { modelId: _m, currentPage: _p, pageSize: _s, ...body } = query;
      const blob = await request<Blob>('POST', fillPath(onlineDevPaths.export, { id: config.id }), body, { responseType: 'blob', timeout: LONG_CALL_TIMEOUT_MS });
      saveBlob(blob, `${config.fullName}.xlsx`);
    } catch (e) {
      notify({ kind: 'error', title: t`导出失败：${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void run()} loading={busy} disabled={!online} title={online ? undefined : t`导出需要联网`} data-testid="od-export">
      <Download />
      <Trans>导出</Trans>
    </Button>
  );
}
