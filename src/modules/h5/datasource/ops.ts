import { cloneDeep, frozenValue, randomId } from '../core/model';
import { change, editorState, type Capture, type WorkDoc } from '../core/store';
import { checkInterval, checkName, DATASOURCES_MAX, REFRESH_DEFAULT_SECONDS, type DataError, type DatasourceDoc } from './kinds';

/**
 * The datasource changes of spec 4 as document operations: add (the server create of the source
 * product), edit (its server update), title edit and delete by name. They change the work through
 * the store's `change`, so each is one undo step and is saved with the work (its drafts, its
 * server copy, its published versions). A datasource is an immutable value in the document,
 * replaced whole by a change (a CSV's 5,000 rows are not 5,000 proxies).
 *
 * The pure functions take the work and are what the actions below run inside `change`; a refused
 * change throws DatasourceOpError (and `change` rolls the work back).
 */

export class DatasourceOpError extends Error {
  constructor(readonly error: DataError | { code: 'too-many'; max: number } | { code: 'not-found' }) {
    super(error.code);
  }
}

/** `数据源1`, `数据源2` …: the first of those not taken. */
export function nextDatasourceName(taken: readonly string[]): string {
  for (let i = 1; ; i++) if (!taken.includes(`数据源${i}`)) return `数据源${i}`;
}

export const newDatasourceId = () => `ds_${randomId(8)}`;

/** What an edit may change (the id stays). */
export type DatasourcePatch = Partial<Omit<DatasourceDoc, 'id'>>;

const names = (work: WorkDoc, exceptId?: string) => work.datasources.filter((d) => d.id !== exceptId).map((d) => d.name);

function checked(work: WorkDoc, ds: DatasourceDoc): DatasourceDoc {
  const name = checkName(ds.name, names(work, ds.id));
  if (!name.ok) throw new DatasourceOpError(name.error);
  if (ds.refreshType === 'fixed') {
    const interval = checkInterval(ds.refreshInterval);
    if (!interval.ok) throw new DatasourceOpError(interval.error);
  }
  // A plain deep copy (the document's live datasources may be proxies), then frozen.
  const plain = cloneDeep({ ...ds, name: name.value }) as Record<string, unknown>;
  for (const key of Object.keys(plain)) if (plain[key] === undefined) delete plain[key];
  return frozenValue(plain as DatasourceDoc);
}

/** Adds a datasource (STATIC, once, named 数据源N unless given) at the end; its id. */
export function addDatasource(work: WorkDoc, init: DatasourcePatch = {}): string {
  if (work.datasources.length >= DATASOURCES_MAX) throw new DatasourceOpError({ code: 'too-many', max: DATASOURCES_MAX });
  const ds: DatasourceDoc = {
    id: newDatasourceId(),
    name: nextDatasourceName(names(work)),
    url: '',
    type: 'STATIC',
    dependencies: [],
    relatedDsList: [],
    refreshType: 'once',
    refreshInterval: REFRESH_DEFAULT_SECONDS,
    pipe: '',
    json: '',
    ...init,
  };
  work.datasources.push(checked(work, ds));
  return ds.id;
}

/** Edits a datasource (the dialog's 保存): its fields replaced by the patch's. */
export function updateDatasource(work: WorkDoc, id: string, patch: DatasourcePatch): void {
  const i = work.datasources.findIndex((d) => d.id === id);
  if (i < 0) throw new DatasourceOpError({ code: 'not-found' });
  const next = { ...(work.datasources[i] as DatasourceDoc), ...patch, id };
  // The data of the other kinds goes: a STATIC turned HTTP_API keeps no stale JSON in the work.
  if (next.type !== 'STATIC') delete next.json;
  if (next.type !== 'CSV') {
    delete next.rows;
    delete next.columns;
    delete next.fileName;
  }
  work.datasources[i] = checked(work, next);
}

/** The title edit: renames a datasource (its key in the shared data). */
export function renameDatasource(work: WorkDoc, id: string, name: string): void {
  updateDatasource(work, id, { name });
}

/** Delete by name (spec 4); whether one was deleted. */
export function removeDatasourceByName(work: WorkDoc, name: string): boolean {
  const i = work.datasources.findIndex((d) => d.name === name);
  if (i < 0) return false;
  work.datasources.splice(i, 1);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Actions on the open work (one undo step each)
// ---------------------------------------------------------------------------------------------

/** Adds a datasource to the open work; its id (undefined without a work). Throws DatasourceOpError. */
export function createDatasource(init: DatasourcePatch = {}): string | undefined {
  let id: string | undefined;
  change((work) => {
    id = addDatasource(work, init);
  });
  return id;
}

export function editDatasource(id: string, patch: DatasourcePatch): void {
  change((work) => updateDatasource(work, id, patch));
}

/** A typed name: pass `{ merge: 'ds-name:' + id }` so a run of typing is one step. */
export function editDatasourceTitle(id: string, name: string, capture: Capture = 'step'): void {
  change((work) => renameDatasource(work, id, name), capture);
}

export function deleteDatasource(name: string): void {
  change((work) => {
    removeDatasourceByName(work, name);
  });
}

/** The open work's datasources. */
export const datasourcesOf = (): readonly DatasourceDoc[] => (editorState.work?.datasources ?? []) as readonly DatasourceDoc[];
