import { enCodeSchema, fullNameSchema } from '@/contracts/common';
import { checkDefinition, definitionMessages, type DefinitionProblem } from '@/contracts/online-dev-define';
import type { DesignDoc, DesignPanel } from './types';

/**
 * The problems of a document, checked on every change: the definition's (checkDefinition of the
 * contract, the same check the server runs on save and publish) and the model's name and code.
 * Each says where to fix it: an item (selected on click), or a panel of the right side.
 */
export interface DesignProblem extends DefinitionProblem {
  /** Where it is fixed when it is not an item: the form's or the list's settings, or the model's name and code. */
  where: DesignPanel | 'meta';
}

const LIST_MESSAGES: readonly string[] = [definitionMessages.listColumn, definitionMessages.listSearch, definitionMessages.listKeyword, definitionMessages.listSort, definitionMessages.listTree];

const cache = new WeakMap<DesignDoc, DesignProblem[]>();

export function problemsOf(doc: DesignDoc): DesignProblem[] {
  const known = cache.get(doc);
  if (known) return known;
  const out: DesignProblem[] = [];
  for (const [field, schema] of [['fullName', fullNameSchema] as const, ['enCode', enCodeSchema] as const]) {
    const r = schema.safeParse(doc[field]);
    if (!r.success) out.push({ message: r.error.issues[0]?.message ?? '', params: { field }, where: 'meta' });
  }
  for (const p of checkDefinition(doc.draft)) {
    const where: DesignProblem['where'] = p.itemId ? 'field' : LIST_MESSAGES.includes(p.message) ? 'list' : p.message === definitionMessages.titleField ? 'form' : 'field';
    out.push({ ...p, where });
  }
  cache.set(doc, out);
  return out;
}

/** The ids of the items that have a problem (the canvas marks them). */
export function problemItems(problems: readonly DesignProblem[]): Set<string> {
  return new Set(problems.flatMap((p) => (p.itemId ? [p.itemId] : [])));
}
