import { useRemoteList } from '@/lib/sync/use-remote-list';
import { rememberRoleNames, roleList, type RoleQuery } from './store';

/** The role list as the role page shows it (apart from the store: the hook loads with the page). */
export function useRoleList(q: RoleQuery) {
  const view = useRemoteList(roleList, q);
  rememberRoleNames(view.rows);
  return view;
}
