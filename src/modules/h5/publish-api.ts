import { saveBlob } from '@/lib/download';
import { fillPath } from '@/contracts/api-path';
import type { Paged } from '@/contracts/common';
import type { Work, WorkListBody } from '@/contracts/h5';
import { h5PublishPaths, publicPagePath, type FormDetailOfWork, type PublishResult, type TemplateListBody, type TemplateSummary, type WorkStats } from '@/contracts/h5-publish';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { request } from '@/lib/http';
import { signedUrl } from './sign';

/**
 * The page builder's online calls of part 2 (issue 19, spec 7.9): publishing, templates, the data
 * centre. Each is signed when it leaves (spec 7.1). They need the server (a public page, another
 * user's template, visitors' submissions live there), so the screens offer them online only.
 */

type WorkPath = `${string}:workId${string}`;
const path = (p: WorkPath, workId: string) => signedUrl(fillPath(p as '/:workId', { workId }));

/** Publishes my saved work as a new immutable snapshot (the page at /p/{workId}). */
export const publishWork = (workId: string) => request<PublishResult>('POST', path(h5PublishPaths.publish, workId), {}, { silent: true });

/** Takes the public page down until published again. */
export const unpublishWork = (workId: string) => request<PublishResult>('POST', path(h5PublishPaths.unpublish, workId), {}, { silent: true });

/** Sets or unsets my work as a template (spec 7.9 `?flag=`). */
export const setWorkTemplate = (workId: string, flag: boolean) =>
  request<Work>('POST', signedUrl(`${fillPath(h5PublishPaths.template, { workId })}?flag=${flag}`), {}, { silent: true });

/** The template centre: my templates and those shared with the company. */
export const fetchTemplatePage = (body: TemplateListBody) => request<Paged<TemplateSummary>>('POST', signedUrl(h5PublishPaths.templateList), body, { silent: true });

/** A new work of mine made from a template (spec 7.9). */
export const useTemplate = (workId: string) => request<Work>('POST', path(h5PublishPaths.templateUse, workId), {}, { silent: true });

/** The form submissions of one of my works (spec 3 formDetailOfWork). */
export const fetchFormDetail = (workId: string, body: WorkListBody) => request<FormDetailOfWork>('POST', path(h5PublishPaths.formList, workId), body, { silent: true });

/** Page views and visitors of one of my works. */
export const fetchWorkStats = (workId: string) => request<WorkStats>('POST', path(h5PublishPaths.stats, workId), {}, { silent: true });

/** The submissions as an .xlsx file, downloaded under `fileName`. */
export async function downloadFormExport(workId: string, fileName: string): Promise<void> {
  const blob = await request<Blob>('GET', path(h5PublishPaths.formExport, workId), undefined, { responseType: 'blob', timeout: LONG_CALL_TIMEOUT_MS });
  saveBlob(blob, fileName);
}

/** The public page's full address (what the QR code and the copy button give). */
export const publicPageUrl = (workId: string) => new URL(publicPagePath(workId), window.location.origin).href;
