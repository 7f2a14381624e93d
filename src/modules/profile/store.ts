import { t } from '@lingui/core/macro';
import { useSnapshot } from 'valtio';
import { fillPath } from '@/contracts/api-path';
import { type BaseInfo, type BaseInfoUpdate } from '@/contracts/auth';
import { profilePaths } from '@/contracts/session';
import { network } from '@/lib/network';
import type { SyncKind } from '@/lib/sync/kinds';
import { defineDataset, useDataset } from '@/lib/sync/dataset';
import { queueWrite } from '@/lib/sync/engine';
import { session } from '@/modules/auth/public';

const BASE_INFO_KEY = 'profile.baseInfo';
const BASE_INFO_ENTITY = 'user:baseInfo';
const BASE_INFO_URL = profilePaths.baseInfo;

/**
 * The profile's base info, cached on this device. A refresh takes the server's copy unless a change
 * made here is still waiting to be sent (the local copy then stays until it is).
 */
export const baseInfoData = defineDataset<BaseInfo>({
  key: BASE_INFO_KEY,
  shape: 1,
  url: BASE_INFO_URL,
  parse: (raw) => {
    if (!raw || typeof raw !== 'object' || typeof (raw as BaseInfo).version !== 'number') throw new Error('BaseInfo: unexpected answer');
    return raw as BaseInfo;
  },
  freshForMs: 0,
  heldBy: BASE_INFO_ENTITY,
});

/** Writes of this module through the sync queue: what the sync panel calls them and how answers apply. */
export const profileSyncKinds: Record<string, SyncKind> = {
  'profile.baseInfo': {
    label: () => t`个人信息修改`,
    versionAfter: (_e, data) => (data && typeof data === 'object' && 'version' in data ? Number((data as BaseInfo).version) : undefined),
    versionOf: (server) => (server as BaseInfo | null)?.version,
    async applied(entry, data, db) {
      const local = await baseInfoData.read(db);
      if (!local) return;
      const version = (data as BaseInfo | null)?.version ?? (entry.baseVersion ?? 0) + 1;
      await baseInfoData.setLocal({ ...local, version }, db);
    },
    async takeTheirs(_e, server, db) {
      const info = server as BaseInfo;
      await baseInfoData.setLocal(info, db);
      if (session.userInfo) session.userInfo.userName = info.realName;
    },
    // Refused: the server's copy again (a dead letter no longer holds the dataset).
    rejected: (_e, db) => baseInfoData.refresh({ db, force: true }).then(() => undefined),
  },
  /** The avatar is part of BaseInfo on the server (its version moves): same entity, same chain. */
  'profile.avatar': {
    label: () => t`头像修改`,
    versionAfter: (_e, data) => (data as BaseInfo | null)?.version,
    async applied(_entry, data, db) {
      const local = await baseInfoData.read(db);
      const saved = data as BaseInfo | null;
      if (!local || !saved) return;
      await baseInfoData.setLocal({ ...local, headIcon: saved.headIcon, version: saved.version }, db);
    },
    rejected: (_e, db) => baseInfoData.refresh({ db, force: true }).then(() => undefined),
  },
};

export function useBaseInfo(): { info: BaseInfo | null | undefined; offline: boolean } {
  const online = useSnapshot(network).online;
  return { info: useDataset(baseInfoData).data, offline: !online };
}

/** Saves base info: local copy now, the server when the queue replays it (If-Match: the version it was made on). */
export async function saveBaseInfo(current: BaseInfo, body: BaseInfoUpdate) {
  await queueWrite(
    { entity: BASE_INFO_ENTITY, kind: 'profile.baseInfo', request: { method: 'PUT', url: BASE_INFO_URL, body }, baseVersion: current.version },
    (db) => baseInfoData.setLocal({ ...current, ...body, gender: body.gender ?? null } as BaseInfo, db),
  );
  if (session.userInfo) session.userInfo.userName = body.realName;
}

/**
 * Sets the avatar (a built-in one, or an upload already on the server) through the queue, on the
 * same entity as base info so a base-info change queued after it builds on the version it makes.
 */
export async function saveAvatar(name: string) {
  const current = await baseInfoData.read();
  await queueWrite(
    { entity: BASE_INFO_ENTITY, kind: 'profile.avatar', request: { method: 'PUT', url: fillPath(profilePaths.avatar, { name }) }, baseVersion: current?.version },
    (db) => (current ? baseInfoData.setLocal({ ...current, headIcon: name }, db) : undefined),
  );
  if (session.userInfo) session.userInfo.headIcon = name;
}
