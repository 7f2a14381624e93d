import { emptyDefinition, type ModelField } from '@/contracts/online-dev-model';
import { apply, type DesignCommand } from './commands';
import { initialState } from './designer';
import { findItem } from './tree';
import type { DesignDoc, DesignState } from './types';

/** A document named 测试 with these fields and the empty list settings. */
export function docOf(fields: ModelField[] = []): DesignDoc {
  const draft = emptyDefinition();
  draft.form.fields = fields;
  return { fullName: '测试', enCode: 'test', category: 'other', description: '', draft };
}

export const stateOf = (fields: ModelField[] = []): DesignState => initialState(docOf(fields));

/** The state after the commands, in order. */
export const run = (state: DesignState, ...commands: DesignCommand[]) => commands.reduce(apply, state);

export const fieldsOf = (s: DesignState) => s.doc.draft.form.fields;
export const item = (s: DesignState, id: string) => findItem(fieldsOf(s), id)!;
/** The top-level items' keys (layout items by type). */
export const topKeys = (s: DesignState) => fieldsOf(s).map((f) => f.key || f.type);

/** A value field written out by hand. */
export const field = (id: string, key: string, type: ModelField['type'] = 'comInput', more: Partial<ModelField> = {}): ModelField => ({ id, key, type, label: key, span: 24, ...more });
