/** The staff UI kit: one frame, table, fields and history for every staff screen. */
export { StaffPage, StaffSection, useStaffMenus, STAFF_SECTION_TITLES } from './staff-page';
export { DataTable, foldText, type Column, type DataTableProps } from './data-table';
export {
  Badge,
  CheckField,
  Field,
  FormActions,
  FormMessage,
  formGridClass,
  inputClass,
  wideClass,
  type BadgeTone,
  type FieldA11y,
} from './fields';
export { AuditHistory, changedFields } from './audit-history';
export { useStaffData, errorMessage, type StaffData } from './use-staff-data';
export { formatAge, formatBytes, formatDate, formatDateTime, formatDuration } from './format';
