import { msg, t } from '@lingui/core/macro';
import { z } from 'zod';
import { Newspaper } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { defineElement, type ElementRenderProps } from './element-def';
import { fill, inert, safeHref, safeSrc, useLoadFailed } from './render-kit';
import { bool, link, listOf, mediaSrc, text } from './prop-schemas';

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

function Thumb({ src }: { src: string }) {
  const [failed, fail] = useLoadFailed(src);
  if (failed) return null;
  return <img src={src} alt="" onError={fail} draggable={false} style={{ flex: 'none', width: 64, height: 48, objectFit: 'cover', borderRadius: 4 }} />;
}

function Row({ item, props, preview }: { item: NewsItem; props: NewsListProps; preview: boolean }) {
  const src = props.showImage ? safeSrc(item.image) : undefined;
  const content = (
    <>
      {src ? <Thumb src={src} /> : null}
      <span style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.title}</span>
        {props.showDate && item.date ? <span style={{ fontSize: '0.8em', opacity: 0.6 }}>{item.date}</span> : null}
      </span>
    </>
  );
  const rowStyle = { display: 'flex', alignItems: 'center', gap: 8, padding: '8px 0', color: 'inherit', textDecoration: 'none' } as const;
  const href = preview ? safeHref(item.link) : undefined;
  return (
    <li style={{ borderBottom: '1px solid rgba(0, 0, 0, 0.08)' }}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" style={rowStyle}>
          {content}
        </a>
      ) : (
        <div style={rowStyle}>{content}</div>
      )}
    </li>
  );
}

function NewsListRender({ props, mode }: ElementRenderProps<NewsListProps>) {
  return (
    <ul style={{ ...fill, ...inert(mode), listStyle: 'none', margin: 0, padding: '0 8px', overflow: 'auto', textAlign: 'left' }} data-testid="h5-news-list">
      {props.items.map((item, i) => (
        <Row key={i} item={item} props={props} preview={mode === 'preview'} />
      ))}
    </ul>
  );
}

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
