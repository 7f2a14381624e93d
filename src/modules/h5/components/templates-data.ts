import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { TemplateSummary } from '@/contracts/h5-publish';
import { DEFAULT_PAGE_SIZE } from '@/contracts/limits';
import { network } from '@/lib/network';
import { keepServerWork, setWorkFlags } from '../drafts';
import { fetchTemplatePage, setWorkTemplate, useTemplate as makeFromTemplate } from '../publish-api';

/** One page of the template centre (a page size the list calls accept). */
export const TEMPLATE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export interface TemplatesView {
  rows: TemplateSummary[];
  total: number;
  loading: boolean;
  error: string | null;
  online: boolean;
  reload(): void;
}

/**
 * The template centre (spec 7.9, issue 19): mine and the company's, one page at a time, online
 * (templates are other designers' works: the server has them, not this device).
 */
export function useTemplates(keyword: string, mine: boolean, page: number): TemplatesView {
  const online = useSnapshot(network).online;
  const [state, setState] = useState<{ rows: TemplateSummary[]; total: number; loading: boolean; error: string | null }>({ rows: [], total: 0, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!online) return setState((s) => ({ ...s, loading: false }));
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchTemplatePage({ keyword, mine, currentPage: page, pageSize: TEMPLATE_PAGE_SIZE }).then(
      (res) => live && setState({ rows: res.list, total: res.pagination.total, loading: false, error: null }),
      (e: unknown) => live && setState((s) => ({ ...s, loading: false, error: e instanceof Error ? e.message : String(e) })),
    );
    return () => {
      live = false;
    };
  }, [keyword, mine, page, online, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, online, reload };
}

/** 使用模板: a new work of mine made from the template, kept on this device; answers its id. */
export async function workFromTemplate(templateId: string): Promise<string> {
  const work = await makeFromTemplate(templateId);
  await keepServerWork(work);
  return work.id;
}

/** 取消模板 on one of my templates (from the template centre). */
export async function unsetTemplate(workId: string): Promise<void> {
  await setWorkTemplate(workId, false);
  await setWorkFlags(workId, { is_template: false }).catch(() => undefined);
}
