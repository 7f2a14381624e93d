import type { ElementRenderProps } from '../element-def';
import { fill, inert } from '../render-kit';

/** A table (luban-h5 lbp-table): rows of text cells, the first one a header row when set, striped rows. */
export interface TableProps {
  rows: string[][];
  header: boolean;
  stripe: boolean;
  headerColor: string;
  stripeColor: string;
  borderColor: string;
}

export function TableRender({ props, mode }: ElementRenderProps<TableProps>) {
  const cols = Math.max(0, ...props.rows.map((r) => r.length));
  const [head, body] = props.header ? [props.rows[0], props.rows.slice(1)] : [undefined, props.rows];
  const cell = { border: `1px solid ${props.borderColor}`, padding: '4px 6px', overflowWrap: 'anywhere' } as const;
  const pad = (row: readonly string[]) => [...row, ...Array<string>(Math.max(0, cols - row.length)).fill('')];
  return (
    <div style={{ ...fill, ...inert(mode), overflow: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', font: 'inherit', color: 'inherit', textAlign: 'inherit' }} data-testid="h5-table">
        {head ? (
          <thead>
            <tr style={{ background: props.headerColor }}>
              {pad(head).map((c, i) => (
                <th key={i} style={{ ...cell, fontWeight: 600 }}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, r) => (
            <tr key={r} style={{ background: props.stripe && r % 2 === 1 ? props.stripeColor : undefined }}>
              {pad(row).map((c, i) => (
                <td key={i} style={cell}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
