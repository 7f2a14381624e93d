import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../../src/contracts/codes';
import type { Paged } from '../../../src/contracts/common';
import {
  DEFAULT_PAGE_TYPE,
  DEFAULT_WORK_TITLE,
  h5Messages,
  PAGE_MODE,
  WORK_DEFAULT_HEIGHT,
  WORK_DEFAULT_WIDTH,
  WORK_SCHEMA_VERSION,
  type H5Page,
  type PageMode,
  type Work,
  type WorkSummary,
  type workContentSchema,
  type workCreateBodySchema,
  type workListBodySchema,
  type workUpdateBodySchema,
} from '../../../src/contracts/h5';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { paged } from '../../lib/records';
import type { WorkPatch, WorkRecord, WorkRepo, WorkSummaryRecord } from './work-repo';

type CreateInput = z.output<typeof workCreateBodySchema>;
type UpdateInput = z.output<typeof workUpdateBodySchema>;
type ListInput = z.output<typeof workListBodySchema>;
type Content = z.output<typeof workContentSchema>;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits (the random part of page and element uuids, spec 3). */
export function randomAlphanumeric(length = 8): string {
  return Array.from(randomBytes(length), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** A blank page of a new work (spec 3: one page, type index, no elements). */
export const blankPage = (): H5Page => ({ uuid: `page_${randomAlphanumeric()}`, title: '', type: DEFAULT_PAGE_TYPE, elements: [] });

/** Spec 5.4: a work saved without a title gets 标题. */
const titleOf = (title: string | undefined) => title?.trim() || DEFAULT_WORK_TITLE;

const notFoundWork = () => notFound(h5Messages.notFound);
/** A save based on an older version: 409 with the work as it is now. */
const staleWork = (current: Work) => new ApiError(Code.CONFLICT, 409, h5Messages.stale, {}, current);

const iso = (d: Date) => d.toISOString();

function patchOf(content: Content): WorkPatch {
  return {
    title: titleOf(content.title),
    description: content.description,
    pages: content.pages,
    datasources: content.datasources,
    coverImageUrl: content.cover_image_url,
    width: content.width,
    height: content.height,
    pageMode: content.page_mode,
    schemaVersion: content.schemaVersion,
  };
}

/** The columns every answer carries (a Work without pages and datasources). */
function head(r: Omit<WorkRecord, 'pages' | 'datasources'>) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    cover_image_url: r.coverImageUrl,
    width: r.width,
    height: r.height,
    page_mode: r.pageMode as PageMode,
    schemaVersion: r.schemaVersion,
    is_publish: r.isPublish,
    is_template: r.isTemplate,
    version: r.version,
    creatorUserId: r.creatorUserId,
    created_time: iso(r.createdAt),
    updated_time: iso(r.updatedAt),
  };
}

export const presentWork = (r: WorkRecord): Work => ({ ...head(r), pages: r.pages as H5Page[], datasources: r.datasources as Work['datasources'] });

const presentSummary = (r: WorkSummaryRecord): WorkSummary => ({ ...head(r), pageCount: r.pageCount, firstPage: (r.firstPage as H5Page | null) ?? null });

/**
 * Works of the page builder (spec 7.9): each belongs to its creator, and to nobody else (another
 * user's work is answered as missing). Saves replace the whole work and move its version.
 */
export function workService(repo: WorkRepo) {
  async function current(userId: string, id: string): Promise<Work> {
    const row = await repo.get(userId, id);
    if (!row) throw notFoundWork();
    return presentWork(row);
  }

  return {
    async list(userId: string, q: ListInput): Promise<Paged<WorkSummary>> {
      const { rows, total } = await repo.page(userId, q);
      return paged(rows.map(presentSummary), q, total);
    },

    get: current,

    /**
     * A new work with the spec 3 defaults for what the body leaves out. A device-made `id` (a work
     * created offline) is used as the work's id; sent again by its creator, the stored work is the
     * answer (nothing changes), by anyone else it is refused.
     */
    async create(userId: string, body: CreateInput): Promise<Work> {
      const content: Content = {
        title: body.title ?? '',
        description: body.description ?? '',
        pages: body.pages ?? [blankPage()],
        datasources: body.datasources ?? [],
        cover_image_url: body.cover_image_url ?? '',
        width: body.width ?? WORK_DEFAULT_WIDTH,
        height: body.height ?? WORK_DEFAULT_HEIGHT,
        page_mode: body.page_mode ?? PAGE_MODE.longPage,
        schemaVersion: body.schemaVersion ?? WORK_SCHEMA_VERSION,
      };
      const id = body.id ?? newId();
      const row = await repo.insert({ id, creatorUserId: userId, ...patchOf(content) });
      if (row) return presentWork(row);
      const owner = await repo.owner(id);
      if (!owner || owner.creatorUserId !== userId) throw badRequest(h5Messages.idTaken);
      if (owner.deletedAt) throw notFoundWork();
      return current(userId, id);
    },

    /** Saves the whole work (at `baseVersion`, the If-Match, when given): version + 1. */
    async update(userId: string, body: UpdateInput, baseVersion: number | undefined): Promise<Work> {
      const { id, ...content } = body;
      const row = await repo.update(userId, id, patchOf(content), baseVersion);
      if (row) return presentWork(row);
      throw staleWork(await current(userId, id));
    },

    /** Deletes one of the user's works, keeping the row (the server can restore it). */
    async invalid(userId: string, id: string, baseVersion: number | undefined): Promise<void> {
      if (await repo.softDelete(userId, id, baseVersion)) return;
      throw staleWork(await current(userId, id));
    },
  };
}
export type WorkService = ReturnType<typeof workService>;
