import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { h5Messages, type H5Page, type Work } from '../../../src/contracts/h5';
import { h5PublishMessages, type FormDetailOfWork, type FormRecord, type formListBodySchema, type formSubmitBodySchema } from '../../../src/contracts/h5-publish';
import type { Db } from '../../db/client';
import { h5FormSubmissions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { likePattern, pageWindow } from '../../lib/records';
import { checkSubmission, displayValue, formSpecOf, type FieldSpec, type FormSpec } from './form-rules';
import type { PublishRepo } from './publish-repo';
import type { PublishService } from './publish-service';
import type { WorkRepo } from './work-repo';

type SubmitInput = z.output<typeof formSubmitBodySchema>;
type ListInput = z.output<typeof formListBodySchema>;

/** SQL of form submissions. */
export function formRepo(db: Db) {
  return {
    /** Stores a submission once per (work, submissionId); whether this call stored it. */
    async insert(row: { workId: string; submissionId: string; version: number; fields: Record<string, string | string[]> }): Promise<boolean> {
      const rows = await db
        .insert(h5FormSubmissions)
        .values({ id: newId(), ...row })
        .onConflictDoNothing({ target: [h5FormSubmissions.workId, h5FormSubmissions.submissionId] })
        .returning({ id: h5FormSubmissions.id });
      return rows.length > 0;
    },
    /** A page of a work's submissions, newest first; `keyword` anywhere in the answers. */
    async page(workId: string, q: { currentPage: number; pageSize: number; keyword: string } | null) {
      const where = and(eq(h5FormSubmissions.workId, workId), q?.keyword ? sql`${h5FormSubmissions.fields}::text ilike ${likePattern(q.keyword)}` : undefined);
      const base = db.select().from(h5FormSubmissions).where(where).orderBy(desc(h5FormSubmissions.createdAt), desc(h5FormSubmissions.id));
      const rows = q ? await base.limit(pageWindow(q).limit).offset(pageWindow(q).offset) : await base.limit(EXPORT_MAX_ROWS);
      const [total] = await db.select({ n: count() }).from(h5FormSubmissions).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type FormRepo = ReturnType<typeof formRepo>;

/** An export holds at most this many rows (newest first). */
export const EXPORT_MAX_ROWS = 50_000;

/** The columns of a work's data: labels of the form fields of every published version (newest label wins), in page order. */
export interface FormColumns {
  uuidMap2Name: Record<string, string>;
  fields: Map<string, FieldSpec>;
}

/**
 * Form submissions of published pages (issue 19) and the data centre over them. A submission is
 * checked against the form of the published snapshot it was filled in (the current one when the
 * body names no version): only that form's fields, required ones filled, values by type and by
 * spec 3's data keys; a repeat of its submissionId is stored once (the runtime's offline queue
 * resends).
 */
export function formService(
  repo: FormRepo,
  publish: PublishService,
  snapshots: PublishRepo,
  works: WorkRepo,
  /** Region names by code (the base module's regions); without it region answers show as codes. */
  regionNames: (codes: readonly string[]) => Promise<ReadonlyMap<string, string>> = async () => new Map(),
) {
  const specs = new Map<string, FormSpec>();

  async function specOf(workId: string, version: number | undefined): Promise<{ spec: FormSpec; version: number }> {
    const published = await publish.publishedWork(workId, version);
    if (!published) throw notFound(h5PublishMessages.pageGone);
    const v = version ?? published.head.version;
    const key = `${workId}:${v}`;
    let spec = specs.get(key);
    if (!spec) {
      spec = formSpecOf(published.work.pages);
      if (specs.size > 500) specs.clear();
      specs.set(key, spec);
    }
    return { spec, version: v };
  }

  async function columns(workId: string): Promise<FormColumns> {
    const fields = new Map<string, FieldSpec>();
    for (const s of await snapshots.allSnapshots(workId)) {
      for (const [uuid, f] of formSpecOf(((s.work as unknown as Work).pages ?? []) as H5Page[])) {
        fields.delete(uuid);
        fields.set(uuid, f);
      }
    }
    return { fields, uuidMap2Name: Object.fromEntries([...fields].map(([uuid, f]) => [uuid, f.label])) };
  }

  type Row = { id: string; version: number; createdAt: Date; fields: Record<string, string | string[]> };
  const present = (cols: FormColumns, r: Row, names: ReadonlyMap<string, string>): FormRecord => ({
    id: r.id,
    version: r.version,
    created_time: r.createdAt.toISOString(),
    fields: Object.fromEntries(Object.entries(r.fields).map(([uuid, v]) => [uuid, displayValue(cols.fields.get(uuid), v, names)])),
  });
  /** The names of the regions the rows' region fields answered (codes on the wire, names in the table). */
  const namesOf = (cols: FormColumns, rows: readonly Row[]) => {
    const codes = rows.flatMap((r) => Object.entries(r.fields).flatMap(([uuid, v]) => (cols.fields.get(uuid)?.type === 'form-region' ? [v].flat() : [])));
    return regionNames(codes);
  };

  async function mine(userId: string, workId: string) {
    const row = await works.get(userId, workId);
    if (!row) throw notFound(h5Messages.notFound);
    return row;
  }

  return {
    async submit(workId: string, body: SubmitInput): Promise<{ submissionId: string }> {
      const { spec, version } = await specOf(workId, body.version);
      const fields = checkSubmission(spec, body.fields);
      await repo.insert({ workId, submissionId: body.submissionId, version, fields });
      return { submissionId: body.submissionId };
    },

    /** The data centre's table of one of the user's works (spec 3 formDetailOfWork). */
    async list(userId: string, workId: string, q: ListInput): Promise<FormDetailOfWork> {
      await mine(userId, workId);
      const cols = await columns(workId);
      const { rows, total } = await repo.page(workId, q);
      const names = await namesOf(cols, rows);
      return { uuidMap2Name: cols.uuidMap2Name, formRecords: rows.map((r) => present(cols, r, names)), total };
    },

    /** Every submission (up to EXPORT_MAX_ROWS, newest first) with the columns, for the export. */
    async all(userId: string, workId: string) {
      const work = await mine(userId, workId);
      const cols = await columns(workId);
      const { rows } = await repo.page(workId, null);
      const names = await namesOf(cols, rows);
      return { title: work.title, uuidMap2Name: cols.uuidMap2Name, records: rows.map((r) => present(cols, r, names)) };
    },
  };
}
export type FormService = ReturnType<typeof formService>;
