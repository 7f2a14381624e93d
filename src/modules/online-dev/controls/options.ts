import { useMemo } from 'react';
import type { DictionaryOption } from '@/contracts/base';
import type { TreeNode } from '@/contracts/common';
import type { FieldOption, ModelField } from '@/contracts/online-dev-model';
import { dictionaryOptions, useDictionaries } from '@/modules/base/public';
import { useFormServices } from '../form/services';

/**
 * A field's options: listed in the model (static), or a dictionary's or a data interface's from
 * the page's services (undefined while they load). The hook is called either way (the rules of
 * hooks); a static field's services answer is ignored.
 */
export function useFieldOptions(field: ModelField): readonly FieldOption[] | undefined {
  const services = useFormServices();
  const fed = services.useOptions(field);
  return field.options?.kind === 'static' ? field.options.items : field.options ? fed : [];
}

/** Options as the nodes of TreeSelect (a value is a node id; every node can be chosen). */
export function optionNodes(items: readonly FieldOption[] | undefined, parentId = ''): TreeNode[] | undefined {
  if (!items) return undefined;
  return items.map((o) => ({ id: o.value, parentId, fullName: o.label, hasChildren: !!o.children?.length, children: o.children?.length ? optionNodes(o.children, o.value) : undefined }));
}

export const useOptionNodes = (items: readonly FieldOption[] | undefined) => useMemo(() => optionNodes(items), [items]);

/** A dictionary's items as field options: the code is the value, the name the label (children kept). */
export const fromDictionary = (items: readonly DictionaryOption[]): FieldOption[] =>
  items.map((o) => ({ label: o.fullName, value: o.enCode, ...(o.children?.length ? { children: fromDictionary(o.children) } : {}) }));

/**
 * The options of a dictionary-fed field from this device's cached dictionaries, for the pages'
 * services (the model's and the designer preview's): undefined while the cache is read, none for
 * no dictionary.
 */
export function useDictionaryFieldOptions(dictionary: string | null): readonly FieldOption[] | undefined {
  const dictionaries = useDictionaries();
  return useMemo(() => (dictionaries === undefined ? undefined : dictionary ? fromDictionary(dictionaryOptions(dictionaries, dictionary)) : []), [dictionaries, dictionary]);
}
