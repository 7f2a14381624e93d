import { h5Messages, type H5Element, type H5Page, type Work } from '../../../src/contracts/h5';
import { publicPagePath, type PublishedSnapshot, type PublishResult } from '../../../src/contracts/h5-publish';
import { notFound } from '../../lib/errors';
import { sanitizeNoticeHtml } from '../../lib/sanitize-html';
import type { PublishedHead, PublishRepo } from './publish-repo';
import { presentWork } from './work-service';

/** Link targets a published page may open: http(s), mailto, tel, and relative URLs. */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|[/#?.]|[^:]*$)/i;

/**
 * The work as the public may see it: the text element's HTML through the same allow-list as
 * notices (sanitize-html, no DOM), and link events with a script URL emptied. Everything else is
 * kept as saved (the runtime renders props as text and attributes, never as HTML).
 */
export function sanitizeWork(work: Work): Work {
  const element = (e: H5Element): H5Element => {
    const pluginProps = e.name === 'text' && typeof e.pluginProps.text === 'string' ? { ...e.pluginProps, text: sanitizeNoticeHtml(e.pluginProps.text) } : e.pluginProps;
    const events = e.events.map((ev) => (ev.type === 'link' && !SAFE_LINK.test(ev.value.trim()) ? { ...ev, value: '' } : ev));
    return { ...e, pluginProps, events };
  };
  const page = (p: H5Page): H5Page => ({ ...p, elements: p.elements.map(element) });
  return { ...work, pages: work.pages.map(page) };
}

/** How long an instance trusts its memory of a work's published version (another instance may unpublish it). */
export const PUBLISHED_CACHE_MS = 5000;
const SNAPSHOT_CACHE_ENTRIES = 200;

/**
 * Publishing (issue 19): each publish stores the saved work as a new immutable snapshot; the
 * public page serves the newest one while the work is published. Public reads are cached in
 * memory: the published head for PUBLISHED_CACHE_MS (dropped at once on this instance by a
 * publish or unpublish), snapshot JSON (immutable) in a small LRU.
 */
export function publishService(repo: PublishRepo, now: () => number = Date.now) {
  const heads = new Map<string, { head: PublishedHead | null; until: number }>();
  const snapshots = new Map<string, string>();

  const forget = (workId: string) => heads.delete(workId);

  return {
    async publish(userId: string, workId: string): Promise<PublishResult> {
      const result = await repo.transaction(async () => {
        const row = await repo.markPublished(userId, workId);
        if (!row) throw notFound(h5Messages.notFound);
        const work = sanitizeWork(presentWork(row));
        await repo.insertSnapshot(workId, row.publishCount, work as unknown as Record<string, unknown>);
        return { workId, version: row.publishCount, url: publicPagePath(workId), is_publish: true };
      });
      forget(workId);
      return result;
    },

    async unpublish(userId: string, workId: string): Promise<PublishResult> {
      const row = await repo.markUnpublished(userId, workId);
      if (!row) throw notFound(h5Messages.notFound);
      forget(workId);
      return { workId, version: row.publishCount, url: publicPagePath(workId), is_publish: false };
    },

    /** The published version and title of a work (null: not published), cached briefly. */
    async head(workId: string): Promise<PublishedHead | null> {
      const cached = heads.get(workId);
      if (cached && cached.until > now()) return cached.head;
      const head = await repo.published(workId);
      if (heads.size > 10_000) heads.clear();
      heads.set(workId, { head, until: now() + PUBLISHED_CACHE_MS });
      return head;
    },

    /** A published snapshot's JSON text, or null when the work is not published or has no such version. */
    async snapshotJson(workId: string, version: number): Promise<string | null> {
      const head = await this.head(workId);
      if (!head || version > head.version) return null;
      const key = `${workId}:${version}`;
      const hit = snapshots.get(key);
      if (hit !== undefined) {
        snapshots.delete(key);
        snapshots.set(key, hit);
        return hit;
      }
      const row = await repo.snapshot(workId, version);
      if (!row) return null;
      const body: PublishedSnapshot = { workId, version, publishedAt: row.createdAt.toISOString(), work: row.work as unknown as Work };
      const json = JSON.stringify(body);
      snapshots.set(key, json);
      if (snapshots.size > SNAPSHOT_CACHE_ENTRIES) snapshots.delete(snapshots.keys().next().value!);
      return json;
    },

    /** The published snapshot's work (parsed), for forms and datasources. */
    async publishedWork(workId: string, version?: number): Promise<{ head: PublishedHead; work: Work } | null> {
      const head = await this.head(workId);
      if (!head) return null;
      const json = await this.snapshotJson(workId, version ?? head.version);
      if (!json) return null;
      return { head, work: (JSON.parse(json) as PublishedSnapshot).work };
    },
  };
}
export type PublishService = ReturnType<typeof publishService>;
