export { CrudPage, type BatchAction, type CrudContext, type CrudPageProps, type CrudRemove } from './crud-page';
export { CrudModalForm, crudForm, saveBoth, saveTo, type CrudFormSpec, type SaveCall } from './crud-form';
export { AdminModalForm, type AdminModalFormProps } from './admin-modal-form';
export { call, useCrudActions, type CrudActions, type PreparedCall, type RunOptions } from './use-crud-actions';
export { col, createdAtColumn, dateRangeColumn, enableColumn, idColumn, keywordColumn, linkColumn, muted, optionColumn, textColumn } from './columns';
export { EnableField, RequiredTextField, SortField, TextAreaField } from './fields';
