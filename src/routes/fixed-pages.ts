import { lazy } from 'react';

/**
 * Pages of fixed signed-in routes (spec 2.1) that load through this small chunk: the entry chunk
 * then lists one chunk per route instead of each page's own chunks, which keeps the sign-in
 * bundle within its budget as modules add routes.
 */
export const MessageRecordPage = lazy(() => import('@/modules/message/pages/message-record-page').then((m) => ({ default: m.MessageRecordPage })));
