import { describe, expect, it } from 'vitest';
import { failureText } from './sync-text';

const entry = (lastError: { code: number; message: string } | undefined, extra: Partial<{ state: 'pending' | 'dead' | 'conflict'; attempts: number; nextAttemptAt: number }> = {}) => ({
  state: 'pending' as const,
  attempts: 1,
  nextAttemptAt: 0,
  lastError,
  ...extra,
});

describe('what the sync panel says about a failed write', () => {
  it('a network failure says so, with when and which try is next, never the HTTP client’s message', () => {
    const text = failureText(entry({ code: 0, message: '[PUT] "/Base/DictionaryData/1?n=2": <no response> Failed to fetch' }, { nextAttemptAt: 30_000 }), 0);
    expect(text).toBe('网络不可用，将在 30 秒后重试（第 2 次）');
    expect(failureText(entry({ code: 503, message: 'x' }, { attempts: 3, nextAttemptAt: 120_000 }), 0)).toBe('服务器暂时出错（503），将在 2 分钟后重试（第 4 次）');
    expect(failureText(entry({ code: 0, message: 'x' }, { nextAttemptAt: 0 }), 5)).toBe('网络不可用，正在重试（第 2 次）');
  });

  it('a refused write shows the server’s message; nothing when it never failed', () => {
    expect(failureText(entry({ code: 400, message: '该组织下有下级组织或用户，不能删除' }, { state: 'dead' }), 0)).toBe('该组织下有下级组织或用户，不能删除');
    expect(failureText(entry(undefined), 0)).toBeNull();
  });
});
