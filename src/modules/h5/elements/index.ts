import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { registerElementSpecs } from '../core/registry';
import type { ElementDef, ElementGroup } from './element-def';
import { backgroundElement } from './background';
import { bgMusicElement } from './bg-music';
import { buttonElement } from './button';
import { carouselElement } from './carousel';
import { chartElement } from './chart';
import { formCheckboxElement } from './form-checkbox';
import { formDateElement } from './form-date';
import { formInputElement } from './form-input';
import { formRadioElement } from './form-radio';
import { formRegionElement } from './form-region';
import { formSelectElement } from './form-select';
import { formSubmitElement } from './form-submit';
import { formTextareaElement } from './form-textarea';
import { newsListElement } from './news-list';
import { noticeBarElement } from './notice-bar';
import { pictureElement } from './picture';
import { qrcodeElement } from './qrcode';
import { ratingElement } from './rating';
import { shapeElement } from './shape';
import { tableElement } from './table';
import { textElement } from './text';
import { videoElement } from './video';

/**
 * The element types of the H5 editor, in palette order (group by group). luban-h5's map element is
 * left out on purpose: it needs an online map service (API key, tiles from a third party) that the
 * product does not have, and a work must open and edit offline.
 */
export const elementDefs: readonly ElementDef[] = [
  // 基础
  textElement,
  pictureElement,
  buttonElement,
  shapeElement,
  qrcodeElement,
  noticeBarElement,
  // 媒体
  backgroundElement,
  bgMusicElement,
  videoElement,
  carouselElement,
  // 数据
  newsListElement,
  tableElement,
  ratingElement,
  chartElement,
  // 表单
  formInputElement,
  formTextareaElement,
  formRadioElement,
  formCheckboxElement,
  formSelectElement,
  formDateElement,
  formRegionElement,
  formSubmitElement,
];

export const ELEMENT_GROUPS: readonly ElementGroup[] = ['basic', 'media', 'data', 'form'];
export const elementGroupLabels: Record<ElementGroup, MessageDescriptor> = {
  basic: msg`基础`,
  media: msg`媒体`,
  data: msg`数据`,
  form: msg`表单`,
};

const byName = new Map(elementDefs.map((d) => [d.name, d]));

/** The definition of an element type, or undefined for a name this client does not know. */
export function elementDef(name: string): ElementDef | undefined {
  return byName.get(name);
}

let registered = false;

/** Registers every type with the editor core (once; later calls do nothing). */
export function registerElements(): void {
  if (registered) return;
  registered = true;
  registerElementSpecs(elementDefs);
}
