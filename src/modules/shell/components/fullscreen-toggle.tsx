import { useEffect, useState } from 'react';
import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Maximize, Minimize } from 'lucide-react';
import { notify } from '@/lib/notify';
import { IconTip } from '@/components/icon-tip';

/** Fullscreen toggle; warns 不支持全屏 where the browser has no fullscreen (spec 2.4). */
export function FullscreenToggle() {
  const { t } = useLingui();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  async function toggle() {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      notify({ kind: 'warning', title: t`不支持全屏` });
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      notify({ kind: 'warning', title: t`不支持全屏` });
    }
  }
  const label = full ? t`退出全屏` : t`全屏`;
  return (
    <IconTip label={label}>
      <IconButton variant="ghost" size="sm" aria-label={label} aria-pressed={full} onClick={() => void toggle()} data-testid="fullscreen">
        {full ? <Minimize size={18} /> : <Maximize size={18} />}
      </IconButton>
    </IconTip>
  );
}
