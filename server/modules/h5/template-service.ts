import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '../../../src/contracts/common';
import { h5Messages, type H5Element, type H5Page, type Work } from '../../../src/contracts/h5';
import { h5PublishMessages, type TemplateSummary, type templateListBodySchema } from '../../../src/contracts/h5-publish';
import type { Db } from '../../db/client';
import { h5Works, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { keywordFilter, pageWindow, paged } from '../../lib/records';
import type { WorkRecord, WorkRepo } from './work-repo';
import { presentWork, randomAlphanumeric } from './work-service';

type ListInput = z.output<typeof templateListBodySchema>;

const { pages: _pages, datasources: _datasources, ...summaryColumns } = getTableColumns(h5Works);

const templates = () => and(eq(h5Works.isTemplate, true), isNull(h5Works.deletedAt));

/** SQL of the template centre. */
export function templateRepo(db: Db) {
  return {
    /** Sets or clears the template flag of one of the user's works (its version and times stay). */
    async setFlag(userId: string, id: string, flag: boolean): Promise<WorkRecord | null> {
      const rows = await db
        .update(h5Works)
        .set({ isTemplate: flag })
        .where(and(eq(h5Works.id, id), eq(h5Works.creatorUserId, userId), isNull(h5Works.deletedAt)))
        .returning();
      return rows[0] ?? null;
    },
    async page(userId: string, q: ListInput) {
      const where = and(templates(), q.mine ? eq(h5Works.creatorUserId, userId) : undefined, keywordFilter(q.keyword, [h5Works.title, h5Works.description]));
      const { limit, offset } = pageWindow(q);
      const rows = await db
        .select({
          ...summaryColumns,
          firstPage: sql<unknown>`${h5Works.pages} -> 0`,
          pageCount: sql<number>`jsonb_array_length(${h5Works.pages})`,
          creatorName: sql<string>`coalesce(${users.realName}, '')`,
        })
        .from(h5Works)
        .leftJoin(users, eq(users.id, h5Works.creatorUserId))
        .where(where)
        .orderBy(desc(h5Works.updatedAt), desc(h5Works.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(h5Works).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    /** A template (anyone's: templates are shared), or null. */
    async get(id: string): Promise<WorkRecord | null> {
      const rows = await db.select().from(h5Works).where(and(eq(h5Works.id, id), templates())).limit(1);
      return rows[0] ?? null;
    },
  };
}
export type TemplateRepo = ReturnType<typeof templateRepo>;

/**
 * The pages of a template with new page and element uuids (unique in the new work), and what
 * pointed at an old page uuid (a "go to page" event, a datasource-free reference in props)
 * pointed at its new one.
 */
export function freshPages(pages: H5Page[]): H5Page[] {
  const pageIds = new Map(pages.map((p) => [p.uuid, `page_${randomAlphanumeric()}`]));
  const element = (e: H5Element): H5Element => ({
    ...e,
    uuid: `${e.name}_${randomAlphanumeric()}`,
    events: e.events.map((ev) => (ev.type === 'page' && pageIds.has(ev.value) ? { ...ev, value: pageIds.get(ev.value)! } : ev)),
  });
  return pages.map((p) => ({ ...p, uuid: pageIds.get(p.uuid)!, elements: p.elements.map(element) }));
}

/**
 * The template centre (spec 7.9). A work becomes a template by its creator's flag; templates are
 * listed to every user with the 我的作品 grant (shared with the whole company), and using one makes
 * a new work of the caller: new ids, the template's title and content, not published, not a template.
 */
export function templateService(repo: TemplateRepo, works: WorkRepo) {
  return {
    async setFlag(userId: string, workId: string, flag: boolean): Promise<Work> {
      const row = await repo.setFlag(userId, workId, flag);
      if (!row) throw notFound(h5Messages.notFound);
      return presentWork(row);
    },

    async list(userId: string, q: ListInput): Promise<Paged<TemplateSummary>> {
      const { rows, total } = await repo.page(userId, q);
      const list = rows.map(({ firstPage, pageCount, creatorName, ...r }) => {
        const { pages: _p, datasources: _d, ...head } = presentWork({ ...r, pages: [], datasources: [] });
        return { ...head, firstPage: (firstPage as H5Page | null) ?? null, pageCount, creatorName, mine: r.creatorUserId === userId };
      });
      return paged(list, q, total);
    },

    async use(userId: string, templateId: string): Promise<Work> {
      const t = await repo.get(templateId);
      if (!t) throw notFound(h5PublishMessages.templateNotFound);
      const row = await works.insert({
        id: newId(),
        creatorUserId: userId,
        title: t.title,
        description: t.description,
        pages: freshPages(t.pages as H5Page[]),
        datasources: t.datasources,
        coverImageUrl: t.coverImageUrl,
        width: t.width,
        height: t.height,
        pageMode: t.pageMode,
        schemaVersion: t.schemaVersion,
      });
      return presentWork(row!);
    },
  };
}
export type TemplateService = ReturnType<typeof templateService>;
