import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { RouteBody, RouteDef } from '@wenku/contracts';
import { AdminModalForm } from './admin-modal-form';
import { call } from './use-crud-actions';

/** One save of a form: a contract route and the body it takes, built from the form's values (and the edited row). */
export interface SaveCall<V, T> {
  route: RouteDef;
  body: (values: V, record: T) => unknown;
}

/** A save typed by its contract route: `saveTo(api.updateFriendlink, (v, row) => ({ ...v, id: row.id }))`. */
export function saveTo<R extends RouteDef, V, T = undefined>(route: R, body: (values: V, record: T) => RouteBody<R>): SaveCall<V, T> {
  return { route, body };
}

/**
 * Create and update of a row whose update body is the create body plus the row's `id`:
 * `...saveBoth(api.createX, api.updateX, toBody)`.
 */
export function saveBoth<C extends RouteDef, U extends RouteDef, V, T extends { id: number }>(
  create: C,
  update: U,
  toBody: (values: V) => RouteBody<C>,
): { create: SaveCall<V, undefined>; update: SaveCall<V, T> } {
  return { create: { route: create, body: toBody }, update: { route: update, body: (v, row) => ({ ...(toBody(v) as object), id: row.id }) } };
}

/** The create/edit ModalForm of a CRUD page, as a declaration. */
export interface CrudFormSpec<T, V, X = unknown> {
  /** `新增{noun}` / `编辑{noun}` */
  noun?: string;
  /** the title instead (forms that only edit, or one naming the row) */
  title?: string | ((record: T | undefined) => string);
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

/** The create/edit form of a CRUD page: an AdminModalForm that saves through the spec's create or update route. */
export function CrudModalForm<T, V extends Record<string, any>, X = unknown>({
  spec,
  record,
  extra,
  onOpenChange,
  onSaved,
  invalidate,
}: CrudModalFormProps<T, V, X>) {
  return (
    <AdminModalForm<V>
      title={typeof spec.title === 'function' ? spec.title(record) : (spec.title ?? `${record ? '编辑' : '新增'}${spec.noun ?? ''}`)}
      onOpenChange={onOpenChange}
      width={spec.width ?? 600}
      labelSpan={spec.labelSpan}
      initialValues={spec.initialValues(record, extra)}
      onSaved={onSaved}
      invalidate={invalidate}
      submit={(values) => {
        const save = (record ? spec.update : spec.create)!;
        return call(save.route, { body: save.body(values, record as T & undefined) as never });
      }}
    >
      {spec.fields(record, extra)}
    </AdminModalForm>
  );
}
