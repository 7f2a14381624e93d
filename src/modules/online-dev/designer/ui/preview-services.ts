import type { FieldOption, ModelField } from '@/contracts/online-dev-model';
import { useDictionaryFieldOptions } from '../../controls/options';
import type { FileEntry, FormServices } from '../../form/services';

/**
 * What the designer's preview form gets from outside: chosen files stay in the page (object URLs,
 * nothing is uploaded), dictionary options come from the cached dictionaries, data interfaces and
 * related records show none, bill numbers are a sample. Submitting only checks the values.
 */

const NO_OPTIONS: readonly FieldOption[] = [];

function usePreviewOptions(field: ModelField): readonly FieldOption[] | undefined {
  const source = field.options;
  const fromDictionary = useDictionaryFieldOptions(source?.kind === 'dictionary' ? source.dictionary : null);
  if (source?.kind === 'static') return source.items;
  if (source?.kind === 'dictionary') return fromDictionary;
  return NO_OPTIONS;
}

let seq = 0;

export function previewServices(): FormServices {
  return {
    upload: async ({ file }) => {
      const id = `preview${++seq}`;
      const entry: FileEntry = { name: file.name, fileId: id, url: URL.createObjectURL(file), fileName: file.name, size: file.size };
      return entry;
    },
    useFileUrl: (entry) => (entry?.url.startsWith('blob:') ? entry.url : null),
    useOptions: usePreviewOptions,
    relationOptions: async () => [],
    useRelationLabel: () => null,
    takeBillNumber: async () => 'BH202503080001',
  };
}
