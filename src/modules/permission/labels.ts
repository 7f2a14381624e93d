import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DataScope } from '@/contracts/org';

/** What each data scope of a role is called (the role form and list). */
export const DATA_SCOPE_LABELS: Record<DataScope, MessageDescriptor> = {
  all: msg`全部数据`,
  company: msg`本公司`,
  departmentAndBelow: msg`本部门及下级`,
  department: msg`本部门`,
  self: msg`仅本人`,
};
