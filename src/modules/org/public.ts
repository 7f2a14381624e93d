/** What other modules may use of `org`: pickers bound to this device's cached directory. */
export { ApproverDialog, CompanySelect, DepartmentSelect, PositionSelect, UserSelect, type PickerProps } from './components/pickers';
