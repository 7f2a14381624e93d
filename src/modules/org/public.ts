/** What other modules may use of `org`: pickers bound to this device's cached directory. */
export { ApproverDialog, CompanySelect, DepartmentSelect, PositionSelect, UserSelect, type PickerProps } from './components/pickers';
export { useOrgNames, type OrgNameKind } from './org-names';
/** The organisation tree beside a list (online development's model pages filter by a company or department with it). */
export { OrgFilterPanel } from './components/org-filter-panel';
export { useOrgTree } from './data';
/** The enabled roles, from this device's cached copy (online development's publish dialog grants some). */
export { useRoles } from './data';
