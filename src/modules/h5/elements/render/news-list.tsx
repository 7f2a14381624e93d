import type { ElementRenderProps } from '../element-def';
import { fill, inert, safeHref, safeSrc, useLoadFailed } from '../render-kit';

/** A list of news items (luban-h5 lbp-news-list): title, date, optional thumbnail and link. */
export interface NewsItem {
  title: string;
  date: string;
  link: string;
  image: string;
}
export interface NewsListProps {
  items: NewsItem[];
  showDate: boolean;
  showImage: boolean;
}

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

export function NewsListRender({ props, mode }: ElementRenderProps<NewsListProps>) {
  return (
    <ul style={{ ...fill, ...inert(mode), listStyle: 'none', margin: 0, padding: '0 8px', overflow: 'auto', textAlign: 'left' }} data-testid="h5-news-list">
      {props.items.map((item, i) => (
        <Row key={i} item={item} props={props} preview={mode === 'preview'} />
      ))}
    </ul>
  );
}
