import { createContext, useContext, type ReactNode } from 'react';
import type { TableSettings } from './table-settings';

/** A column as the column menu names it. */
export interface ColumnMeta {
  key: string;
  header: ReactNode;
  /** The first column (the row's name, its tree toggle, 待同步) and the pinned actions always show. */
  hideable: boolean;
}

/** What a ListFrame shares with the table inside it: the user's table settings, the columns, the sort. */
export interface ListFrameState {
  settings: TableSettings;
  setSettings(next: TableSettings): void;
  /** The table names its columns (for the column menu in the toolbar). */
  setColumns(columns: ColumnMeta[]): void;
  /** The sorted column (`field`, `-field`, '' for the default order). */
  sort: string;
  /** The columns that sort (by key); none without a sortable query. */
  sortable: readonly string[];
  onSort(value: string): void;
}

export const ListFrameContext = createContext<ListFrameState | null>(null);

/** The frame around a table, if any. */
export const useListFrame = () => useContext(ListFrameContext);
