import { fileExtension } from '../../../src/contracts/files';
import { FILE_DEFAULT_EXTENSIONS, onlineFileType, SIZE_UNIT_BYTES, onlineUploadMessages } from '../../../src/contracts/online-dev';
import { uploadDefaults, valueFields, type FieldOption, type ModelDefinition, type ModelField } from '../../../src/contracts/online-dev-model';
import type { FileServices } from '../file/public';
import type { DictionaryServices } from '../base/public';
import { badRequest, type ApiError } from '../../lib/errors';
import type { RecordRepo } from './record-repo';

/**
 * What a record refers to, checked against the database after the shared checks (online-dev-record.ts
 * checks forms and options listed in the model): directory ids that exist (and are of the right kind),
 * region paths, related records, dictionary options, and files that were uploaded for such a field
 * by this user (or that the record already held).
 */

export type FileEntryValue = { name: string; fileId: string; url: string; fileName: string; size?: number };

/** Each value field with every value it holds (input-table cells included), depth first. */
export function* fieldValues(def: ModelDefinition, data: Readonly<Record<string, unknown>>): Generator<{ field: ModelField; value: unknown }> {
  for (const f of valueFields(def.form.fields)) {
    const v = data[f.key];
    if (f.type === 'table') {
      for (const row of Array.isArray(v) ? (v as Record<string, unknown>[]) : []) for (const c of f.columns ?? []) yield { field: c, value: row?.[c.key] };
    } else yield { field: f, value: v };
  }
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : []);
/** A stored file's name from its download path. */
export const storedName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** The options of the dictionaries the definition's fields use, as field options (value: the item's code). */
export async function dictionaryOptionsOf(def: ModelDefinition, dictionaries: DictionaryServices): Promise<Map<string, FieldOption[]>> {
  const codes = new Set<string>();
  for (const f of valueFields(def.form.fields)) {
    for (const x of [f, ...(f.columns ?? [])]) if (x.options?.kind === 'dictionary') codes.add(x.options.dictionary);
  }
  const out = new Map<string, FieldOption[]>();
  type Item = { fullName: string; enCode: string; children?: Item[] };
  const map = (items: Item[]): FieldOption[] => items.map((o) => ({ label: o.fullName, value: o.enCode, ...(o.children?.length ? { children: map(o.children) } : {}) }));
  for (const code of codes) {
    try {
      out.set(code, map(await dictionaries.options(code)));
    } catch {
      out.set(code, []);
    }
  }
  return out;
}

/**
 * A generic file against its field's own settings (spec 5.3): at most the field's size, and one of
 * its extensions (the default ones when it names none). Checked at the upload and again when a
 * record refers to the file; each refuses a wrong extension in words of its own (`typeError`).
 * Images and videos have their fixed rules, checked by the file module.
 */
export function checkFileSettings(s: ReturnType<typeof uploadDefaults>, file: { name: string; size: number }, typeError: () => ApiError): void {
  if (s.kind !== 'file') return;
  if (file.size > s.fileSize * SIZE_UNIT_BYTES[s.sizeUnit]) throw badRequest(onlineUploadMessages.fileSize, { size: s.fileSize, unit: s.sizeUnit });
  const accept = s.accept.length ? s.accept : FILE_DEFAULT_EXTENSIONS;
  if (!accept.includes(fileExtension(file.name))) throw typeError();
}

export interface RefContext {
  userId: string;
  /** Files the record held before this write (kept even when someone else uploaded them). */
  heldFiles: ReadonlySet<string>;
}

/** Refuses the write when something the record refers to does not exist or may not be used. */
export async function checkRefs(def: ModelDefinition, data: Readonly<Record<string, unknown>>, repo: RecordRepo, files: FileServices, ctx: RefContext) {
  const want = { user: new Set<string>(), company: new Set<string>(), department: new Set<string>(), position: new Set<string>(), region: new Set<string>() };
  const relations = new Map<string, { field: ModelField; ids: Set<string> }>();
  const fileRefs: { field: ModelField; entry: FileEntryValue }[] = [];
  const paths: { field: ModelField; path: string[] }[] = [];
  for (const { field: f, value } of fieldValues(def, data)) {
    const ids = asList(value);
    if (f.type === 'userSelect') ids.forEach((id) => want.user.add(id));
    else if (f.type === 'comSelect') ids.forEach((id) => want.company.add(id));
    else if (f.type === 'depSelect') ids.forEach((id) => want.department.add(id));
    else if (f.type === 'posSelect') ids.forEach((id) => want.position.add(id));
    else if (f.type === 'address' && ids.length) {
      ids.forEach((id) => want.region.add(id));
      paths.push({ field: f, path: ids });
    } else if (f.type === 'relationForm' && f.relation && ids.length) {
      const r = relations.get(f.relation.modelId) ?? { field: f, ids: new Set<string>() };
      ids.forEach((id) => r.ids.add(id));
      relations.set(f.relation.modelId, r);
    } else if ((f.type === 'uploadFz' || f.type === 'uploadImg') && Array.isArray(value)) {
      for (const entry of value as FileEntryValue[]) fileRefs.push({ field: f, entry });
    }
  }
  const missing = (label: string) => badRequest('{label}引用的数据不存在', { label });
  const firstField = (pred: (f: ModelField) => boolean) => [...fieldValues(def, data)].find((x) => pred(x.field))?.field.label ?? '';

  const users = await repo.userNames([...want.user]);
  if (users.size < want.user.size) throw missing(firstField((f) => f.type === 'userSelect'));
  const orgs = await repo.organizeNames([...want.company, ...want.department]);
  for (const id of want.company) if (orgs.get(id)?.category !== 'company') throw missing(firstField((f) => f.type === 'comSelect'));
  for (const id of want.department) if (orgs.get(id)?.category !== 'department') throw missing(firstField((f) => f.type === 'depSelect'));
  const positions = await repo.positionNames([...want.position]);
  if (positions.size < want.position.size) throw missing(firstField((f) => f.type === 'posSelect'));
  const regions = await repo.regionNames([...want.region]);
  for (const { field, path } of paths) {
    const ok = path.every((code, i) => regions.get(code)?.parentId === (i === 0 ? '-1' : path[i - 1]));
    if (!ok) throw badRequest('{label}格式不正确', { label: field.label });
  }
  for (const [modelId, { field, ids }] of relations) {
    const found = await repo.existing(modelId, [...ids]);
    if (found.size < ids.size) throw missing(field.label);
  }
  if (fileRefs.length) {
    const info = new Map((await files.infoOf(fileRefs.map((r) => storedName(r.entry.url)))).map((i) => [i.name, i]));
    for (const { field, entry } of fileRefs) {
      const name = storedName(entry.url);
      const file = info.get(name);
      const s = uploadDefaults(field.upload, field.type);
      const ownOrHeld = file && (file.creatorUserId === ctx.userId || ctx.heldFiles.has(name));
      if (!file || !ownOrHeld || file.type !== onlineFileType(s.kind) || entry.fileId !== name.slice(0, 26)) throw missing(field.label);
      checkFileSettings(s, file, () => badRequest('{label}不支持此文件类型', { label: field.label }));
    }
  }
}

/** The stored files a record's values refer to. */
export function fileNamesOf(def: ModelDefinition, data: Readonly<Record<string, unknown>>): string[] {
  const names: string[] = [];
  for (const { field, value } of fieldValues(def, data)) {
    if ((field.type === 'uploadFz' || field.type === 'uploadImg') && Array.isArray(value)) for (const e of value as FileEntryValue[]) if (e?.url) names.push(storedName(e.url));
  }
  return names;
}
