import type { ComponentType } from 'react';
import { withOnlineDevCatalog } from './catalog';

/**
 * Online development's pages as module.ts opens them (one small import for all four, so the session
 * holds none of their chunk lists), each imported once the module's catalog is loaded.
 */

type Page = Promise<{ default: ComponentType }>;

/** 功能设计 (the model designer). */
export const modelDesignPage = (): Page => withOnlineDevCatalog(import('./pages/model-design-page')).then((m) => ({ default: m.ModelDesignPage }));
/** A published model (menu type 3): its list and form. */
export const modelPage = (): Page => withOnlineDevCatalog(import('./renderer/model-page')).then((m) => ({ default: m.ModelPage }));
/** A dynamic dictionary (type 4). */
export const dictionaryPage = (): Page => withOnlineDevCatalog(import('./pages/dictionary-page')).then((m) => ({ default: m.DictionaryPage }));
/** A data report (type 5). */
export const reportPage = (): Page => withOnlineDevCatalog(import('./report/report-page')).then((m) => ({ default: m.ReportPage }));
