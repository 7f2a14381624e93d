import { useEffect, useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { fillPath } from '@/contracts/api-path';
import type { FieldOption, ModelConfig, ModelField, RelationOption } from '@/contracts/online-dev-model';
import type { DataInterfaceResponse } from '@/contracts/online-dev-report';
import { onlineDevPaths } from '@/contracts/online-dev-paths';
import { request } from '@/lib/http';
import { network } from '@/lib/network';
import { defineDataset, type Dataset } from '@/lib/sync/dataset';
import { currentUserDb } from '@/lib/sync/engine';
import { takeBillNumberFrom } from '@/modules/base/public';
import { useDictionaryFieldOptions } from '../controls/options';
import type { FormServices } from '../form/services';
import { storeFile, useFileUrl } from './files';

/**
 * The FormServices of a model's pages (form/services.tsx): uploads that work offline, files shown
 * from this device or downloaded with the token, dictionary options from the cached dictionaries,
 * data-interface options (cached per interface), relation options (asked online, the last answers
 * kept for offline) and bill numbers (offline from this device's reserved numbers).
 */

const interfaces = new Map<string, Dataset<DataInterfaceResponse>>();
export function interfaceDataset(id: string): Dataset<DataInterfaceResponse> {
  let ds = interfaces.get(id);
  if (!ds) {
    ds = defineDataset<DataInterfaceResponse>({
      key: `onlineDev.interface.${id}`,
      shape: 1,
      url: fillPath(onlineDevPaths.dataInterfaceResponse, { id }),
      parse: (raw) => {
        const r = raw as DataInterfaceResponse;
        if (!r || !Array.isArray(r.list)) throw new Error('online-dev: not an interface response');
        return r;
      },
      freshForMs: 5 * 60_000,
      revalidate: false,
    });
    interfaces.set(id, ds);
  }
  return ds;
}

/** The cached answer of a data interface (asked again when stale and online); nothing for no id. */
export function useInterfaceRows(id: string | null): DataInterfaceResponse | null | undefined {
  const online = useSnapshot(network).online;
  const data = useLiveQuery(async () => (id ? ((await interfaceDataset(id).read()) ?? null) : null), [id]);
  useEffect(() => {
    if (id && online) void interfaceDataset(id).refresh().catch(() => undefined);
  }, [id, online]);
  return data;
}

/** A field's options when they come from a dictionary or a data interface (hooks: always called). */
function useSourcedOptions(field: ModelField): readonly FieldOption[] | undefined {
  const source = field.options;
  const fromDict = useDictionaryFieldOptions(source?.kind === 'dictionary' ? source.dictionary : null);
  const iface = useInterfaceRows(source?.kind === 'interface' ? source.interfaceId : null);
  const fromIface = useMemo(() => {
    if (source?.kind !== 'interface' || !iface) return undefined;
    return iface.list.map((r) => ({ label: String(r[source.labelKey] ?? ''), value: String(r[source.valueKey] ?? '') })).filter((o) => o.value);
  }, [iface, source]);
  if (source?.kind === 'static') return source.items;
  if (source?.kind === 'dictionary') return fromDict;
  if (source?.kind === 'interface') return fromIface;
  return undefined;
}

const relationKey = (modelId: string, field: string) => `onlineDev.relation.${modelId}.${field}`;
/** Labels asked for once per page life (a record since deleted is not asked for again and again). */
const askedLabels = new Set<string>();

/** Asks the server for relation options; keeps what it answered (by id) for offline use and labels. */
async function askRelations(config: Pick<ModelConfig, 'id'>, field: ModelField, query: { keyword?: string; ids?: string }): Promise<RelationOption[]> {
  const db = currentUserDb();
  const key = relationKey(config.id, field.key);
  const known = ((await db?.kv.get(key))?.value as Record<string, string> | undefined) ?? {};
  const offline = () =>
    Object.entries(known)
      .filter(([id, name]) => (query.ids ? query.ids.split(',').includes(id) : !query.keyword || name.includes(query.keyword)))
      .map(([id, fullName]) => ({ id, fullName }));
  if (!network.online || !field.relation) return offline();
  try {
    const url = fillPath(onlineDevPaths.relationOptions, { id: field.relation.modelId });
    const answer = await request<{ list: RelationOption[] }>('GET', url, { from: config.id, field: field.key, ...query }, { silent: true });
    const list = answer?.list ?? [];
    await db?.kv.put({ key, value: { ...known, ...Object.fromEntries(list.map((o) => [o.id, o.fullName])) }, updatedAt: Date.now() });
    return list;
  } catch {
    return offline();
  }
}

/**
 * The form services of one model's pages; with `flowId`, of a flow's form (workflow: its uploads
 * name the flow).
 */
export function useModelFormServices(config: Pick<ModelConfig, 'id'> | null | undefined, flowId?: string): FormServices | null {
  return useMemo(() => {
    if (!config) return null;
    const services: FormServices = {
      upload: flowId ? (req) => storeFile({ ...req, flowId }) : storeFile,
      useFileUrl,
      useOptions: useSourcedOptions,
      relationOptions: (field, keyword) => askRelations(config, field, { keyword }),
      useRelationLabel(field, id) {
        const key = relationKey(config.id, field.key);
        const label = useLiveQuery(async () => (id ? (((await currentUserDb()?.kv.get(key))?.value as Record<string, string> | undefined)?.[id] ?? null) : null), [key, id]);
        if (id && label === null && network.online && !askedLabels.has(`${key}:${id}`)) {
          askedLabels.add(`${key}:${id}`);
          void askRelations(config, field, { ids: id });
        }
        return label ?? null;
      },
      async takeBillNumber(field) {
        if (!field.billRule) return null;
        try {
          return (await takeBillNumberFrom(field.billRule)).number;
        } catch (e) {
          // Only "none left on this device" (the server out of reach) is no number: the record is
          // numbered when it is saved. Any other failure (a rule the server refuses, …) is thrown
          // for the control's 取号失败.
          if (e instanceof Error && e.name === 'NoOfflineBillNumberError') return null;
          throw e;
        }
      },
    };
    return services;
  }, [config, flowId]);
}
