import { describe, expect, it } from 'vitest';
import { FORM_FIELD_TYPES as CONTRACT_FIELDS, formFieldLabel as contractLabel, formPath as contractForm, H5_BOOT_ELEMENT_ID, viewPath as contractView } from '@/contracts/h5-publish';
import { BOOT_ELEMENT_ID, FORM_FIELD_TYPES, formFieldLabel, formPath, viewPath } from './paths';

describe('the runtime and the server name the same things', () => {
  it('paths, boot element and form field types agree with the contract', () => {
    const id = '01JDEVFIXTURE0000000000000';
    expect(formPath(id)).toBe(contractForm(id));
    expect(viewPath(id)).toBe(contractView(id));
    expect(BOOT_ELEMENT_ID).toBe(H5_BOOT_ELEMENT_ID);
    expect([...FORM_FIELD_TYPES]).toEqual([...CONTRACT_FIELDS]);
  });

  it('labels form fields as the server does', () => {
    for (const pluginProps of [{ label: ' 姓名 ', name: 'name' }, { label: '', name: 'mobile' }, {}]) {
      const el = { uuid: 'form-input_abcd1234', pluginProps };
      expect(formFieldLabel(el)).toBe(contractLabel(el));
    }
  });
});
