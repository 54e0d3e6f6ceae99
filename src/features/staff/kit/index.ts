/**
 * The staff kit: the frame, the list (table with filter, sort, paging, load and empty states),
 * the edit form (fields, save flow, German messages, delete with confirmation), the audit
 * history and one stylesheet (kit.module.css), for every screen of the staff area.
 */
export { StaffPage, StaffSection, useStaffMenus, STAFF_SECTION_TITLES } from './staff-page';
export { DataTable, foldText, type Column, type DataTableProps } from './data-table';
export {
  StaffList,
  StaffListPage,
  RefreshButton,
  type StaffListProps,
  type StaffListPageProps,
} from './staff-list';
export { CreateOrEdit, LoadedScreen, LoadFailed, LoadState, type LoadTexts } from './load-state';
export {
  Badge,
  CheckField,
  Choice,
  ChoiceGroup,
  Field,
  TextField,
  wholeNumber,
  FormActions,
  FormMessage,
  formGridClass,
  inputClass,
  wideClass,
  type BadgeTone,
  type FieldA11y,
} from './fields';
export { Confirm, DeleteConfirm, type DeleteStep } from './confirm';
export {
  EditForm,
  invalidOf,
  SaveActions,
  useNotice,
  useEditScreen,
  useSaveFlow,
  type EditTarget,
  type SaveMessage,
  type SaveRun,
  type SaveTexts,
} from './save-flow';
export { fieldErrorsOf, saveErrorOf, type FieldErrors } from './form-errors';
export { AuditHistory, changedFields } from './audit-history';
export { useStaffData, errorMessage, type StaffData } from './use-staff-data';
export { formatAge, formatBytes, formatDate, formatDateTime, formatDuration } from './format';
export { kitTexts } from './texts';
