import { lazy, type ComponentType } from 'react';
import type { ElementRenderProps } from '../elements/element-def';
import { BackgroundRender } from '../elements/render/background';
import { BgMusicRender } from '../elements/render/bg-music';
import { ButtonRender } from '../elements/render/button';
import { CarouselRender } from '../elements/render/carousel';
import { FormCheckboxRender, FormRadioRender } from '../elements/render/form-choice';
import { FormDateRender } from '../elements/render/form-date';
import { FormInputRender } from '../elements/render/form-input';
import { FormRegionRender } from '../elements/render/form-region';
import { FormSelectRender } from '../elements/render/form-select';
import { FormTextareaRender } from '../elements/render/form-textarea';
import { NewsListRender } from '../elements/render/news-list';
import { NoticeBarRender } from '../elements/render/notice-bar';
import { PictureRender } from '../elements/render/picture';
import { RatingRender } from '../elements/render/rating';
import { ShapeRender } from '../elements/render/shape';
import { TableRender } from '../elements/render/table';
import { TextRender } from '../elements/render/text';
import { VideoRender } from '../elements/render/video';

/**
 * The element renderers of the published page: the editor's own (src/modules/h5/elements/render),
 * by element type. The chart (echarts) and the QR code (qrcode) load only on a page that has one,
 * as they do in the editor. An element of a type this runtime does not know is left out.
 */
// Each renderer takes its own props; the page passes an element's pluginProps as they were saved.
type AnyRender = ComponentType<ElementRenderProps<never>>;

const ChartRender = lazy(() => import('../elements/render/chart').then((m) => ({ default: m.ChartRender })));
const QrcodeRender = lazy(() => import('../elements/render/qrcode').then((m) => ({ default: m.QrcodeRender })));

const renderers: Record<string, AnyRender> = {
  text: TextRender,
  picture: PictureRender,
  button: ButtonRender,
  shape: ShapeRender,
  qrcode: QrcodeRender,
  'notice-bar': NoticeBarRender,
  background: BackgroundRender,
  'bg-music': BgMusicRender,
  video: VideoRender,
  carousel: CarouselRender,
  'news-list': NewsListRender,
  table: TableRender,
  rating: RatingRender,
  chart: ChartRender,
  'form-input': FormInputRender,
  'form-textarea': FormTextareaRender,
  'form-radio': FormRadioRender,
  'form-checkbox': FormCheckboxRender,
  'form-select': FormSelectRender,
  'form-date': FormDateRender,
  'form-region': FormRegionRender,
  'form-submit': ButtonRender,
};

export const rendererOf = (name: string): ComponentType<ElementRenderProps<Record<string, unknown>>> | undefined =>
  Object.prototype.hasOwnProperty.call(renderers, name) ? (renderers[name] as unknown as ComponentType<ElementRenderProps<Record<string, unknown>>>) : undefined;
