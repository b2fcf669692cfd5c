import { useRef, useState, type Key, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ProTable, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RouteDef } from '@wenku/contracts';
import { AdminPage } from '../admin-page';
import { DeleteLink } from '../table-actions';
import type { ProTableParams, RequestData } from '../../lib/pro-table';
import { CrudModalForm, type CrudFormSpec } from './crud-form';
import { useCrudActions, type CrudActions } from './use-crud-actions';

/** What the page's columns and batch actions get to act with. */
export interface CrudContext<T, X = unknown> extends CrudActions {
  /** reload the table and invalidate the page's shared queries */
  reload: () => void;
  /** reload the table alone (it follows a shared query that changed) */
  reloadTable: () => void;
  clearSelected: () => void;
  /** open the form on a row */
  edit: (record: T) => void;
  /** open the empty form (with extra context, e.g. the parent of a new child) */
  create: (extra?: X) => void;
  /** the row's 编辑 link */
  editLink: (record: T, text?: string) => ReactNode;
  /** the row's 删除 link with its confirmation (through the `remove` route) */
  deleteLink: (record: T, description?: string) => ReactNode;
}

/** An action on the selected rows, shown in the table's selection bar. */
export interface BatchAction<T = unknown> {
  key: string;
  label: string;
  type?: 'danger' | 'warning';
  /** ask first (Popconfirm); a title function gets the number of selected rows */
  confirm?: { title: string | ((count: number) => string); description?: string; okText?: string; cancelText?: string; danger?: boolean };
  /** resolves true when the selection is done with (it is then cleared) */
  run: (ids: Key[], rows: T[]) => Promise<boolean>;
}

export interface CrudRemove {
  /** the contract's delete route (`DELETE ?id=..`) */
  route: RouteDef;
  /** the batch confirmation's title for n rows (默认 `确定删除选中的 n 项吗？`) */
  batchTitle?: (count: number) => string;
  /** the batch confirmation's description (默认 `删除后不可恢复。`; null: none) */
  batchDescription?: string | null;
  /** false: rows are deleted one by one only (no 批量删除) */
  batch?: boolean;
}

type TableProps<T> = Omit<ProTableProps<T, ProTableParams>, 'columns' | 'request' | 'actionRef' | 'rowKey' | 'headerTitle' | 'search'>;

export interface CrudPageProps<T extends Record<string, any>, X = unknown> {
  subTitle?: ReactNode;
  /** the page header's buttons (right of the title) */
  extra?: ReactNode;
  headerTitle: ReactNode;
  /** ProTable `request`: usually `listRequest(api.listX, 'x')` of the contract's list route */
  request: (params: ProTableParams) => Promise<RequestData<T>>;
  columns: (ctx: CrudContext<T, X>) => ProColumns<T>[];
  rowKey?: keyof T & string;
  remove?: CrudRemove;
  form?: CrudFormSpec<T, any, X>;
  /** the toolbar's create button (shown when the form can create) */
  createText?: string;
  /** more toolbar buttons (after the create button) */
  toolbar?: (ctx: CrudContext<T, X>) => ReactNode[];
  /** actions on selected rows, before 批量删除 */
  batchActions?: (ctx: CrudContext<T, X>) => BatchAction<T>[];
  /** react-query keys every change makes stale */
  invalidate?: readonly QueryKey[];
  /** merged into `{ labelWidth: 'auto', defaultCollapsed: false }`; false: no search form */
  search?: false | Record<string, unknown>;
  /** columns hidden until the admin shows them (persisted per page in localStorage) */
  hiddenColumns?: string[];
  /** any other ProTable props (scroll, pagination, expandable, options, …) */
  table?: TableProps<T>;
  /** what stands above the table (a summary, a notice) */
  header?: ReactNode | ((ctx: CrudContext<T, X>) => ReactNode);
  /** more of the page below the table (drawers, other modals) */
  children?: ReactNode | ((ctx: CrudContext<T, X>) => ReactNode);
}

function BatchBar<T>({ actions, ids, rows, onClear }: { actions: BatchAction<T>[]; ids: Key[]; rows: T[]; onClear: () => void }) {
  return (
    <Space size={16}>
      {actions.map((a) => {
        const link = (onClick?: () => unknown) => (
          <Typography.Link key={a.key} type={a.type} onClick={onClick}>
            {a.label}
          </Typography.Link>
        );
        const go = async () => (await a.run(ids, rows)) && onClear();
        if (!a.confirm) return link(go);
        const { title, description, okText = a.label, cancelText = '取消', danger = a.type === 'danger' } = a.confirm;
        return (
          <Popconfirm
            key={a.key}
            title={typeof title === 'function' ? title(ids.length) : title}
            description={description}
            okText={okText}
            cancelText={cancelText}
            okButtonProps={danger ? { danger: true } : undefined}
            onConfirm={go}
          >
            {link()}
          </Popconfirm>
        );
      })}
      <Typography.Link onClick={onClear}>取消选择</Typography.Link>
    </Space>
  );
}

/**
 * A list page as a declaration: ProTable on the contract's list route, columns with their valueEnums from the
 * contracts, the create/edit ModalForm, delete with confirmation, batch actions and column settings kept per page.
 */
export function CrudPage<T extends Record<string, any>, X = unknown>(props: CrudPageProps<T, X>) {
  const {
    subTitle,
    extra,
    headerTitle,
    request,
    rowKey = 'id',
    remove,
    form,
    createText,
    invalidate,
    search,
    hiddenColumns,
    table = {},
    header,
    children,
  } = props;
  const { pathname } = useLocation();
  const actionRef = useRef<ActionType>(null);
  const [editing, setEditing] = useState<{ record?: T; extra?: X } | null>(null);
  const queryClient = useQueryClient();
  const reload = () => {
    void actionRef.current?.reload();
    for (const queryKey of invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
  };
  const actions = useCrudActions({ onSuccess: reload, remove: remove?.route });

  const ctx: CrudContext<T, X> = {
    ...actions,
    reload,
    reloadTable: () => void actionRef.current?.reload(),
    clearSelected: () => actionRef.current?.clearSelected?.(),
    edit: (record) => setEditing({ record }),
    create: (extra) => setEditing({ extra }),
    editLink: (record, text = '编辑') => (
      <a key="edit" onClick={() => setEditing({ record })}>
        {text}
      </a>
    ),
    deleteLink: (record, description) => <DeleteLink key="delete" description={description} onConfirm={() => actions.remove([record[rowKey] as Key])} />,
  };

  const batch: BatchAction<T>[] = [...(props.batchActions?.(ctx) ?? [])];
  if (remove && remove.batch !== false) {
    batch.push({
      key: 'delete',
      label: '批量删除',
      type: 'danger',
      confirm: {
        title: remove.batchTitle ?? ((count) => `确定删除选中的 ${count} 项吗？`),
        description: remove.batchDescription === null ? undefined : (remove.batchDescription ?? '删除后不可恢复。'),
        okText: '删除',
      },
      run: actions.remove,
    });
  }
  const selectable = batch.length > 0;

  return (
    <AdminPage subTitle={subTitle} extra={extra}>
      {typeof header === 'function' ? header(ctx) : header}
      <ProTable<T, ProTableParams>
        rowKey={rowKey}
        actionRef={actionRef}
        columns={props.columns(ctx)}
        headerTitle={headerTitle}
        request={request}
        search={search === false ? false : { labelWidth: 'auto', defaultCollapsed: false, ...search }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        columnsState={{
          persistenceKey: `wenku-admin:columns:${pathname}`,
          persistenceType: 'localStorage',
          defaultValue: hiddenColumns ? Object.fromEntries(hiddenColumns.map((c) => [c, { show: false }])) : undefined,
        }}
        tableAlertOptionRender={
          selectable
            ? ({ selectedRowKeys, selectedRows, onCleanSelected }) => (
                <BatchBar actions={batch} ids={[...selectedRowKeys]} rows={selectedRows} onClear={onCleanSelected} />
              )
            : undefined
        }
        toolBarRender={
          (form?.create && createText) || props.toolbar
            ? () => [
                ...(form?.create && createText
                  ? [
                      <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                        {createText}
                      </Button>,
                    ]
                  : []),
                ...(props.toolbar?.(ctx) ?? []),
              ]
            : undefined
        }
        {...table}
        rowSelection={selectable ? { ...(table.rowSelection || {}) } : table.rowSelection}
      />
      {editing && form && (
        <CrudModalForm spec={form} record={editing.record} extra={editing.extra} onOpenChange={(open) => !open && setEditing(null)} onSaved={reload} />
      )}
      {typeof children === 'function' ? children(ctx) : children}
    </AdminPage>
  );
}
