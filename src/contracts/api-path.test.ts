import { describe, expect, expectTypeOf, it } from 'vitest';
import { fillPath, type PathParamNames } from './api-path';
import { basePaths } from './base-paths';
import { orgPaths, permissionPaths } from './org-paths';

describe('fillPath', () => {
  it('returns a template without parameters as it is', () => {
    expect(fillPath('/Permission/Organize')).toBe('/Permission/Organize');
    expect(fillPath(orgPaths.organizes)).toBe('/Permission/Organize');
  });

  it('fills every parameter, wherever it stands', () => {
    expect(fillPath('/Permission/Organize/:id', { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).toBe('/Permission/Organize/01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(fillPath('/api/file/Image/:type/:name', { type: 'userAvatar', name: 'a.png' })).toBe('/api/file/Image/userAvatar/a.png');
    expect(fillPath(basePaths.areaState, { id: 'X1' })).toBe('/Base/Area/X1/Actions/State');
    expect(fillPath(permissionPaths.authorityData, { roleId: 'R1' })).toBe('/Permission/Authority/Data/R1');
  });

  it('encodes each value as one path segment', () => {
    expect(fillPath('/Base/DictionaryData/:id/Data/Selector', { id: 'a/b c?d#e%' })).toBe('/Base/DictionaryData/a%2Fb%20c%3Fd%23e%25/Data/Selector');
    expect(fillPath('/Base/Area/:id', { id: -1 })).toBe('/Base/Area/-1');
    expect(fillPath('/x/:name', { name: '云眠' })).toBe('/x/%E4%BA%91%E7%9C%A0');
  });

  it('throws when a value is missing at run time (untyped data)', () => {
    const params = {} as { id: string };
    expect(() => fillPath('/Permission/Users/:id', params)).toThrow(/:id/);
  });

  it('type-checks the parameters against the template', () => {
    expectTypeOf<PathParamNames<'/Permission/Organize'>>().toEqualTypeOf<never>();
    expectTypeOf<PathParamNames<'/a/:id/b/:name'>>().toEqualTypeOf<'id' | 'name'>();
    expectTypeOf<PathParamNames<typeof basePaths.billNumberReserve>>().toEqualTypeOf<'enCode'>();
    // Checked by `tsc --noEmit` (vitest does not type-check): each line below must stay an error.
    const typeErrors = () => {
      // @ts-expect-error a template with parameters needs them
      fillPath('/Permission/Users/:id');
      // @ts-expect-error a misspelled parameter
      fillPath('/Permission/Users/:id', { iD: 'x' });
      // @ts-expect-error a missing parameter
      fillPath('/api/file/Image/:type/:name', { type: 'userAvatar' });
      // @ts-expect-error an extra parameter
      fillPath('/Permission/Organize', { id: 'x' });
    };
    expect(typeof typeErrors).toBe('function');
  });
});
