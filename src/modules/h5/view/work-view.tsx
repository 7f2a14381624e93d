import { useCallback, useEffect, useRef, useState } from 'react';
import { ulid } from 'ulid';
import type { H5Element, H5Page } from '@/contracts/h5';
import type { PublishedSnapshot } from '@/contracts/h5-publish';
import '../editor/animations.css';
import './view.css';
import { clearForm, formFieldsOf, readValues, validateForm } from './form';
import { safeLink, telHref } from './links';
import { PageView } from './page-view';
import { SubmissionQueue } from './queue';
import { Swiper } from './swiper';
import { runtimeMessages as m } from './messages';
import { Note, useNote } from './note';
import { useQueueFlush } from './use-queue';
import { useWorkData } from './use-work-data';

/**
 * A published work on screen: long-page mode (one page scrolling, as tall as its lowest element)
 * or paged mode (h5_swipper: one page per screen, swiped), dialog pages as layers over it, and
 * what element clicks do — open a link (http/https), call, go to a page (a dialog page opens as a
 * layer), submit the page's form (checked here, then sent or kept for later: queue.ts).
 *
 * The same view is the editor's preview (`preview`): pages, dialogs, animations and swipes work as
 * published, but links and calls are not followed, a form is checked and not sent (each says so in
 * a note), and nothing is queued or counted.
 *
 * A work with datasources has its data loaded and bound into its elements (use-work-data.ts): on the
 * published page HTTP_API ones through the server's proxy, in the preview from the browser as the
 * editor does.
 */

const SWIPER = 'h5_swipper';
export const DIALOG = 'dialog';

/** The pages in the flow (dialog pages open over them): the first page when all are dialogs. */
export function flowPages(work: Pick<PublishedSnapshot['work'], 'pages'>): H5Page[] {
  const flow = work.pages.filter((p) => p.type !== DIALOG);
  return flow.length ? flow : work.pages.slice(0, 1);
}

/** What the preview says instead of leaving the page or sending data (the caller's language). */
export interface PreviewNotes {
  link(url: string): string;
  tel(number: string): string;
  submit: string;
}

export interface WorkViewProps {
  snapshot: PublishedSnapshot;
  /** Where the forms' submissions go (the published page); none in the preview. */
  queue?: SubmissionQueue;
  /** Preview mode: nothing leaves the page; these notes say so. */
  preview?: PreviewNotes;
  /** Lengths in px of a frame 10 × pxPerRem wide (the preview inside the admin app) instead of rem. */
  pxPerRem?: number;
  /** The page shown, when the caller turns pages too (the preview's 上一页 / 下一页). */
  page?: number;
  onPage?(index: number): void;
}

export function WorkView({ snapshot, queue, preview, pxPerRem, page: shown, onPage }: WorkViewProps) {
  const { work } = snapshot;
  const pages = flowPages(work);
  const paged = work.page_mode === SWIPER;
  const [own, setOwn] = useState(0);
  const index = Math.max(0, Math.min(pages.length - 1, shown ?? own));
  const rootRef = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<H5Page | null>(null);
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [note, showNote] = useNote();
  const roots = useRef(new Map<string, HTMLDivElement>());
  const busy = useRef(new Set<string>());
  // Paged mode shows a page once it is near; then it stays (its form keeps what was typed).
  const [seen, setSeen] = useState(() => new Set([index - 1, index, index + 1]));
  const near = (i: number) => seen.has(i) || Math.abs(i - index) <= 1;

  useQueueFlush(preview ? undefined : queue, snapshot.workId, showNote);
  const data = useWorkData(snapshot, !!preview);

  const lastIndex = useRef(index);
  useEffect(() => {
    setSeen((s) => (s.has(index) && s.has(index + 1) && s.has(index - 1) ? s : new Set([...s, index - 1, index, index + 1])));
    if (lastIndex.current === index) return;
    lastIndex.current = index;
    // Another page of a long work starts at its top (the preview scrolls its frame, the published page the window).
    if (!paged) {
      if (preview) rootRef.current?.scrollTo?.(0, 0);
      else window.scrollTo(0, 0);
    }
  }, [index, paged, preview]);

  const goTo = useCallback(
    (i: number) => {
      setOwn(i);
      onPage?.(i);
    },
    [onPage],
  );

  const submit = async (page: H5Page) => {
    const root = roots.current.get(page.uuid);
    if (!root || busy.current.has(page.uuid)) return;
    const fields = formFieldsOf(page);
    if (!fields.length) return;
    const values = readValues(root, fields);
    const found = validateForm(fields, values);
    setErrors((all) => ({ ...all, [page.uuid]: found }));
    const first = fields.find((f) => found[f.uuid]);
    if (first) {
      root.querySelector<HTMLElement>(`[data-uuid="${first.uuid}"] input, [data-uuid="${first.uuid}"] select, [data-uuid="${first.uuid}"] textarea`)?.focus();
      return;
    }
    if (preview || !queue) {
      if (preview) showNote(preview.submit);
      return;
    }
    busy.current.add(page.uuid);
    try {
      const outcome = await queue.submit({ workId: snapshot.workId, version: snapshot.version, submissionId: ulid(), fields: values, queuedAt: Date.now() });
      if (outcome.kind === 'sent' || outcome.kind === 'queued') clearForm(root, fields);
      showNote(outcome.kind === 'sent' ? m.submitted : outcome.kind === 'queued' ? m.savedOffline : outcome.kind === 'rejected' ? outcome.message : m.notSaved);
    } finally {
      busy.current.delete(page.uuid);
    }
  };

  const onAction = (element: H5Element, page: H5Page) => {
    const events = element.events?.length ? element.events : element.name === 'form-submit' ? [{ type: 'submit' as const, value: '' }] : [];
    for (const ev of events) {
      if (ev.type === 'link') {
        const href = safeLink(ev.value, location.href);
        if (href && preview) showNote(preview.link(href));
        else if (href) location.assign(href);
      } else if (ev.type === 'tel') {
        const href = telHref(ev.value);
        if (href && preview) showNote(preview.tel(href.slice(4)));
        else if (href) location.assign(href);
      } else if (ev.type === 'page') {
        const target = work.pages.find((p) => p.uuid === ev.value);
        if (target?.type === DIALOG) setDialog(target);
        else if (target) {
          setDialog(null);
          goTo(Math.max(0, pages.indexOf(target)));
        }
      } else if (ev.type === 'submit') {
        void submit(page);
      }
    }
  };

  // Typing into a field clears its error.
  const onInput = (page: H5Page) => (e: { target: EventTarget | null }) => {
    const name = (e.target as HTMLInputElement | null)?.name?.split('.')[0];
    if (name && errors[page.uuid]?.[name]) setErrors((all) => ({ ...all, [page.uuid]: Object.fromEntries(Object.entries(all[page.uuid] ?? {}).filter(([k]) => k !== name)) }));
  };

  const view = (page: H5Page, active: boolean, fit: 'screen' | 'long' | 'content') => (
    <div onInput={onInput(page)} onChange={onInput(page)} className="h5-page-host">
      <PageView
        page={page}
        workWidth={work.width}
        workHeight={work.height}
        fit={fit}
        active={active}
        errors={errors[page.uuid]}
        pxPerRem={pxPerRem}
        bind={data.bind}
        onAction={onAction}
        pageRef={(el) => {
          if (el) roots.current.set(page.uuid, el);
          else roots.current.delete(page.uuid);
        }}
      />
    </div>
  );

  useEffect(() => {
    if (!dialog) return;
    // Esc closes the dialog page first (captured, so in the preview the app's dialog around it stays open).
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (preview) e.stopPropagation();
      setDialog(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [dialog, preview]);

  // The data code is loading (a page with datasources): a moment of nothing rather than `{{…}}` as typed.
  if (!data.ready) return <div ref={rootRef} className={`h5-root${preview ? ' h5-preview' : ''}`} data-mode={preview ? 'preview' : 'published'} data-loading="data" />;

  return (
    <div ref={rootRef} className={`h5-root ${paged ? 'h5-paged' : 'h5-long'}${preview ? ' h5-preview' : ''}`} data-mode={preview ? 'preview' : 'published'}>
      {paged ? (
        <Swiper count={pages.length} index={index} onIndex={goTo}>
          {(i) => (near(i) ? view(pages[i]!, i === index && !dialog, 'screen') : null)}
        </Swiper>
      ) : (
        view(pages[Math.min(index, pages.length - 1)]!, !dialog, 'long')
      )}
      {dialog ? (
        <div className="h5-dialog" role="dialog" aria-modal="true" aria-label={dialog.title || m.dialog} onClick={(e) => e.target === e.currentTarget && setDialog(null)}>
          <div className="h5-dialog-body">
            {view(dialog, true, 'content')}
            <button type="button" className="h5-dialog-close" aria-label={m.close} onClick={() => setDialog(null)}>
              ×
            </button>
          </div>
        </div>
      ) : null}
      <Note text={note} />
    </div>
  );
}
