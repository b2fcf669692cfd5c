import type { ReactNode } from 'react';
import { ModalForm } from '@ant-design/pro-components';
import type { QueryKey } from '@tanstack/react-query';
import type { RouteBody, RouteDef } from '@wenku/contracts';
import { useCrudActions } from './use-crud-actions';

/** One save of a form: a contract route and the body it takes, built from the form's values (and the edited row). */
export interface SaveCall<V, T> {
  route: RouteDef;
  body: (values: V, record: T) => unknown;
}

/** A save typed by its contract route: `saveTo(api.updateFriendlink, (v, row) => ({ ...v, id: row.id }))`. */
export function saveTo<R extends RouteDef, V, T = undefined>(route: R, body: (values: V, record: T) => RouteBody<R>): SaveCall<V, T> {
  return { route, body };
}

/** The create/edit ModalForm of a CRUD page, as a declaration. */
export interface CrudFormSpec<T, V, X = unknown> {
  /** `新增{noun}` / `编辑{noun}` */
  noun?: string;
  /** a fixed title instead (forms that only edit) */
  title?: string;
  width?: number;
  /** label column span (the field takes the rest of 23) */
  labelSpan?: number;
  initialValues: (record: T | undefined, extra: X | undefined) => V;
  /** POST: the new row (no create → the page has no 新增 button) */
  create?: SaveCall<V, undefined>;
  /** PUT: the edited row */
  update?: SaveCall<V, T>;
  fields: (record: T | undefined, extra: X | undefined) => ReactNode;
}

/** Typed constructor of a form declaration (infers the values type from `initialValues`). */
export function crudForm<T, V extends Record<string, any>, X = unknown>(spec: CrudFormSpec<T, V, X>): CrudFormSpec<T, V, X> {
  return spec;
}

export interface CrudModalFormProps<T, V, X> {
  spec: CrudFormSpec<T, V, X>;
  record?: T;
  extra?: X;
  onOpenChange: (open: boolean) => void;
  onSaved?: () => void;
  invalidate?: readonly QueryKey[];
}

/** The ModalForm every CRUD page uses: horizontal layout, 保存/取消, saved through useCrudActions (保存成功 / one error toast). */
export function CrudModalForm<T, V extends Record<string, any>, X = unknown>({
  spec,
  record,
  extra,
  onOpenChange,
  onSaved,
  invalidate,
}: CrudModalFormProps<T, V, X>) {
  const { run } = useCrudActions({ onSuccess: onSaved, invalidate });
  const labelSpan = spec.labelSpan ?? 4;
  return (
    <ModalForm<V>
      title={spec.title ?? `${record ? '编辑' : '新增'}${spec.noun ?? ''}`}
      open
      onOpenChange={onOpenChange}
      width={spec.width ?? 600}
      layout="horizontal"
      labelCol={{ span: labelSpan }}
      wrapperCol={{ span: 23 - labelSpan }}
      initialValues={spec.initialValues(record, extra)}
      modalProps={{ mask: { closable: false }, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (values) => {
        const save = record ? spec.update : spec.create;
        if (!save) return false;
        return run(save.route, { body: save.body(values, record as T & undefined) as never }, { success: '保存成功', error: '保存失败' });
      }}
    >
      {spec.fields(record, extra)}
    </ModalForm>
  );
}
