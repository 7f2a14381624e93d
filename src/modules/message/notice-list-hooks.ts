import type { NoticeRow } from '@/contracts/message';
import type { RemoteListView } from '@/lib/sync/remote-list';
import { useRemoteList } from '@/lib/sync/use-remote-list';
import { noticeList, rememberNoticeTitles, type NoticeQuery } from './notice-list';

/** The notice list as the notice page shows it (apart from the store: the hook loads with the page). */
export function useNoticeList(q: NoticeQuery): RemoteListView<NoticeRow> {
  const view = useRemoteList(noticeList, q);
  rememberNoticeTitles(view.rows);
  return view;
}
