import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Newspaper } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { defineElement } from './element-def';
import { bool, link, listOf, mediaSrc, text } from './prop-schemas';
import { NewsListRender } from './render/news-list';

/** A list of news items (luban-h5 lbp-news-list): title, date, optional thumbnail and link. */
const itemSchema = z.looseObject({ title: text('', 200), date: text('', 40), link: link(), image: mediaSrc() });
type NewsItem = z.output<typeof itemSchema>;
const MAX_ITEMS = 50;

const today = () => formatDateTime(Date.now(), 'YYYY-MM-DD');
const newItem = (): NewsItem => ({ title: t`新闻标题`, date: today(), link: '', image: '' });
const sample = (): NewsItem[] => [
  { title: t`新闻标题一`, date: today(), link: '', image: '' },
  { title: t`新闻标题二`, date: today(), link: '', image: '' },
  { title: t`新闻标题三`, date: today(), link: '', image: '' },
];

const schema = z.looseObject({ items: listOf(itemSchema, MAX_ITEMS, sample), showDate: bool(true), showImage: bool(true) });
type NewsListProps = z.output<typeof schema>;

export const newsListElement = defineElement<NewsListProps>({
  name: 'news-list',
  version: 1,
  label: msg`新闻列表`,
  icon: Newspaper,
  group: 'data',
  defaultProps: () => ({ items: sample(), showDate: true, showImage: true }),
  defaultStyle: { width: 300, height: 200, left: 10, textAlign: 'left' },
  propsSchema: schema,
  fields: [
    {
      key: 'items',
      label: msg`新闻`,
      kind: 'list',
      max: MAX_ITEMS,
      newItem,
      itemFields: [
        { key: 'title', label: msg`标题`, kind: 'text' },
        { key: 'date', label: msg`日期`, kind: 'text', placeholder: msg`2024-01-01` },
        { key: 'link', label: msg`链接`, kind: 'url', placeholder: msg`https://` },
        { key: 'image', label: msg`缩略图`, kind: 'image' },
      ],
    },
    { key: 'showDate', label: msg`显示日期`, kind: 'switch' },
    { key: 'showImage', label: msg`显示缩略图`, kind: 'switch' },
  ],
  Render: NewsListRender,
});
