import { t } from '@lingui/core/macro';
import { SESSION_END_CODES } from '@/contracts/codes';
import type { OutboxEntry } from '@/lib/sync/user-db';

/** Why a write failed, in words (never the HTTP client's own message). */
export function failureReason(code: number, serverMessage: string): string {
  if (code === 0) return t`网络不可用`;
  if (code === 408) return t`服务器响应超时`;
  if (code === 429) return t`请求过于频繁`;
  if (code === 401 || SESSION_END_CODES.includes(code)) return t`登录已过期`;
  if (code >= 500) return t`服务器暂时出错（${code}）`;
  return serverMessage || t`服务器拒绝了这次修改（${code}）`;
}

/** When the next try is: 30 秒后, 2 分钟后, or now. */
function inTime(ms: number): string | null {
  if (ms < 1000) return null;
  const s = Math.round(ms / 1000);
  if (s < 60) return t`${s} 秒后`;
  const m = Math.round(s / 60);
  return t`${m} 分钟后`;
}

/**
 * What the sync panel says under an entry that failed: for a write that will be tried again, e.g.
 * 网络不可用，将在 30 秒后重试（第 2 次）; for a refused one, the server's message. Null when it
 * has not failed.
 */
export function failureText(entry: Pick<OutboxEntry, 'state' | 'attempts' | 'nextAttemptAt' | 'lastError'>, now: number): string | null {
  const e = entry.lastError;
  if (!e) return null;
  const reason = failureReason(e.code, e.message);
  if (entry.state !== 'pending' && entry.state !== 'sending') return reason;
  const next = entry.attempts + 1;
  const when = inTime(entry.nextAttemptAt - now);
  return when ? t`${reason}，将在 ${when}重试（第 ${next} 次）` : t`${reason}，正在重试（第 ${next} 次）`;
}
