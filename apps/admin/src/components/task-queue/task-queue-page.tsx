import { useState, type Key, type ReactNode } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import { toValueEnum, type RouteDef } from '@wenku/contracts';
import { CrudPage, col, muted, type BatchAction, type CrudContext, type CrudRemove } from '../crud';
import { client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import type { ProTableParams, RequestData } from '../../lib/pro-table';

/** How often a queue's list is read again while one of its rows waits or runs. */
export const TASK_POLL_MS = 3000;

/** A queue's status: its options (the filter and the tag) and the tag colour of each. */
export interface TaskStatusSpec<T> {
  options: readonly { value: number; label: string }[];
  /** the tag colour per status value (antd Tag colours); none: the plain select text */
  colors?: Record<number, string>;
  width?: number;
  /** a row with no task yet (OCR: a document never recognised): what stands in the cell */
  none?: { when: (row: T) => boolean; label: string };
}

/** 重试: the contract's retry route (`{ id: [...] }` → `{ count }`); no ids retries every failed task. */
export interface TaskRetry<T> {
  route: RouteDef;
  /** the row's 重试 link is shown for these rows */
  can: (row: T) => boolean;
  /** the success toast for `count` re-queued of the `ids` asked (none asked: every failed one) */
  success: (count: number, ids: number[]) => string;
  /** the error toast when the API gives no message */
  error: string;
  rowLabel?: string;
  batchLabel?: string;
  /** a toolbar button that retries every failed task (its label) */
  allLabel?: string;
}

/** What the queue's own parts (summary, actions, modals) get to act with. */
export interface TaskQueueContext<T> extends CrudContext<T> {
  /** the rows selected in the table */
  selected: Key[];
  /** re-queues these tasks (none: every failed one) with the queue's toasts, then reloads and clears the selection */
  retry: (ids: number[]) => Promise<boolean>;
  retrying: boolean;
}

export interface TaskQueuePageProps<T extends Record<string, any>> {
  headerTitle: string;
  subTitle?: ReactNode;
  extra?: ReactNode;
  /** the list route as ProTable `request` (`listRequest(api.listX, 'x', { row: ZX })`) */
  request: (params: ProTableParams) => Promise<RequestData<T>>;
  rowKey: keyof T & string;
  /** the keyword field's placeholder */
  keyword: string;
  status: TaskStatusSpec<T>;
  /** the columns before the status: what the task is about (the document, the URL) */
  subject: (ctx: TaskQueueContext<T>) => ProColumns<T>[];
  /** the columns right after the status (progress, more filters) */
  progress?: (ctx: TaskQueueContext<T>) => ProColumns<T>[];
  /** the error column's title and which errors are mere notes (shown as a warning) */
  error?: { title?: string; width?: number; warning?: (row: T) => boolean };
  /** the columns after the error */
  details?: (ctx: TaskQueueContext<T>) => ProColumns<T>[];
  /** the time column (默认 更新时间 of `updated_at`); `none` marks rows with no time yet */
  time?: { title: string; dataIndex: 'updated_at' | 'created_at'; none?: (row: T) => boolean };
  retry?: TaskRetry<T>;
  /** more row actions, after 重试 and before 删除 */
  rowActions?: (row: T, ctx: TaskQueueContext<T>) => ReactNode[];
  /** the row's 删除 confirmation (with `remove`) */
  removeDescription?: string;
  /** more batch actions, after 重试选中 and before 批量删除 */
  batchActions?: (ctx: TaskQueueContext<T>) => BatchAction<T>[];
  /** more toolbar buttons, after 重试全部失败 */
  toolbar?: (ctx: TaskQueueContext<T>) => ReactNode[];
  remove?: CrudRemove;
  /** the list is read again every few seconds while one of its rows is still moving */
  busy?: (rows: readonly T[]) => boolean;
  /** react-query keys every change makes stale (the queue's summary) */
  invalidate?: readonly QueryKey[];
  /** the summary above the table (counts, progress, engines, notices) */
  header?: (ctx: TaskQueueContext<T>) => ReactNode;
  /** below the table (modals, tools) */
  children?: (ctx: TaskQueueContext<T>) => ReactNode;
  width: number;
  /** a new value starts the table afresh (another fixed filter) */
  tableKey?: Key;
}

/** A row's error (or note): one line, the whole text on hover. */
export function ErrorText({ text, warning, width = 260 }: { text: string; warning?: boolean; width?: number }) {
  if (!text) return muted;
  return (
    <Tooltip title={text} placement="topLeft">
      <Typography.Text type={warning ? 'warning' : 'danger'} ellipsis style={{ maxWidth: width }}>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * One admin page for every task queue (OCR, 向量化, 采集网址, 采集文档): a `CrudPage` of the queue's rows with the
 * keyword and status filters, status tags, the error, attempts and time, 重试 per row, for the selection and for every
 * failed task, delete where the queue has it, the queue's summary on top, and polling while anything moves. Each queue
 * is a configuration (see the pages that render it).
 */
export function TaskQueuePage<T extends Record<string, any>>(p: TaskQueuePageProps<T>) {
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const extend = (ctx: CrudContext<T>): TaskQueueContext<T> => ({
    ...ctx,
    selected,
    retrying,
    retry: async (ids) => {
      if (!p.retry) return false;
      setRetrying(true);
      try {
        const res = (await client.call(p.retry.route, { body: { id: ids } })) as { count: number };
        toast.success(p.retry.success(res.count, ids));
        setSelected([]);
        ctx.clearSelected();
        ctx.reload();
        return true;
      } catch (e) {
        toast.fail(e, p.retry.error);
        return false;
      } finally {
        setRetrying(false);
      }
    },
  });

  const { options, colors, none } = p.status;
  const statusColumn: ProColumns<T> = {
    title: '状态',
    dataIndex: 'status',
    width: p.status.width ?? 110,
    valueType: 'select',
    valueEnum: toValueEnum(options),
    fieldProps: { placeholder: '全部状态' },
    render: colors
      ? (_, row) => {
          if (none?.when(row)) return <Tag>{none.label}</Tag>;
          const o = options.find((x) => x.value === row.status);
          return <Tag color={colors[row.status as number]}>{o?.label ?? String(row.status)}</Tag>;
        }
      : undefined,
  };
  const { title: errorTitle = '错误信息', width: errorWidth = 260, warning } = p.error ?? {};
  const time = p.time ?? { title: '更新时间', dataIndex: 'updated_at' as const };

  const columns = (crud: CrudContext<T>): ProColumns<T>[] => {
    const ctx = extend(crud);
    const retry = p.retry;
    return [
      col.keyword<T>(p.keyword),
      ...p.subject(ctx),
      statusColumn,
      ...(p.progress?.(ctx) ?? []),
      {
        title: errorTitle,
        dataIndex: 'error',
        width: errorWidth,
        search: false,
        render: (_, row) => <ErrorText text={row.error as string} warning={warning?.(row)} width={errorWidth - 20} />,
      },
      ...(p.details?.(ctx) ?? []),
      {
        title: time.title,
        dataIndex: time.dataIndex,
        valueType: 'dateTime',
        width: 172,
        search: false,
        render: (dom, row) => (time.none?.(row) ? muted : dom),
      },
      col.option<T>(150, (row) => [
        retry?.can(row) ? (
          <a key="retry" onClick={() => void ctx.retry([Number(row[p.rowKey])])}>
            {retry.rowLabel ?? '重试'}
          </a>
        ) : null,
        ...(p.rowActions?.(row, ctx) ?? []),
        p.remove ? ctx.deleteLink(row, p.removeDescription) : null,
      ]),
    ];
  };

  return (
    <CrudPage<T>
      key={p.tableKey}
      headerTitle={p.headerTitle}
      subTitle={p.subTitle}
      extra={p.extra}
      rowKey={p.rowKey}
      request={async (params) => {
        const res = await p.request(params);
        setBusy(!!p.busy?.(res.data));
        return res;
      }}
      columns={columns}
      remove={p.remove}
      invalidate={p.invalidate}
      header={p.header ? (crud) => p.header!(extend(crud)) : undefined}
      toolbar={(crud) => {
        const ctx = extend(crud);
        return [
          ...(p.retry?.allLabel
            ? [
                <Button key="retry-all" loading={retrying} onClick={() => void ctx.retry([])}>
                  {p.retry.allLabel}
                </Button>,
              ]
            : []),
          ...(p.toolbar?.(ctx) ?? []),
        ];
      }}
      batchActions={(crud) => {
        const ctx = extend(crud);
        return [
          ...(p.retry ? [{ key: 'retry', label: p.retry.batchLabel ?? '重试选中', run: (ids: Key[]) => ctx.retry(ids.map(Number)) }] : []),
          ...(p.batchActions?.(ctx) ?? []),
        ];
      }}
      table={{
        scroll: { x: p.width },
        polling: busy ? TASK_POLL_MS : undefined,
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys) },
      }}
    >
      {p.children ? (crud) => p.children!(extend(crud)) : undefined}
    </CrudPage>
  );
}
