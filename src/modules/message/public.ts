/** What other modules may use of `message`: the unread counts (the home page's 未读公告 card). */
export { messageState } from './store';
