/**
 * User notices from code that has no React tree (http client, sync). The app plugs a sink in at
 * start (Chakra toaster); tests plug their own.
 */
export type NoticeKind = 'error' | 'success' | 'warning' | 'info';
export interface Notice {
  kind: NoticeKind;
  title: string;
  description?: string;
  duration?: number;
  placement?: 'top' | 'bottom-end';
}
type Sink = (n: Notice) => void;

let sink: Sink = (n) => console.warn(`[${n.kind}] ${n.title}`);

export function setNoticeSink(s: Sink) {
  sink = s;
}

export function notify(n: Notice) {
  sink(n);
}
