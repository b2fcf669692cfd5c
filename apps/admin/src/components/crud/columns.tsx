import type { ReactNode } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Typography } from 'antd';
import { ENABLE_VALUE_ENUM } from '../enable-enum';
import { EnableSwitch } from '../table-actions';
import { quickRangePresets, toIsoRange } from '../../lib/dates';
import { siteUrl } from '../../lib/session';
import { FileTypeTag } from '../file-type-tag';

/** The search form's keyword field (`wd`), not shown in the table. */
export function keywordColumn<T>(placeholder?: string): ProColumns<T> {
  return { title: '关键词', dataIndex: 'wd', hideInTable: true, fieldProps: placeholder ? { placeholder } : undefined };
}

export function idColumn<T>(width = 72): ProColumns<T> {
  return { title: 'ID', dataIndex: 'id', width, align: 'center', search: false };
}

export function createdAtColumn<T>(title = '创建时间', width = 172): ProColumns<T> {
  return { title, dataIndex: 'created_at', valueType: 'dateTime', width, search: false };
}

/** A document's type tag and title, linking to its page on the site (new tab); not a search field. */
export function documentTitleColumn<T extends { title: string; uuid: string; ext: string }>(title = '文档', width = 260): ProColumns<T> {
  return {
    title,
    dataIndex: 'title',
    width,
    search: false,
    render: (_, row) => (
      <Space size={6}>
        <FileTypeTag ext={row.ext} />
        <Typography.Link href={siteUrl(`/document/${encodeURIComponent(row.uuid)}`)} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: width - 60 }}>
          {row.title}
        </Typography.Link>
      </Space>
    ),
  };
}

/** `—` for an empty cell. */
export const muted = <Typography.Text type="secondary">—</Typography.Text>;

/** A text column that shows `—` when empty. */
export function textColumn<T extends object>(title: string, dataIndex: keyof T & string, extra: ProColumns<T> = {}): ProColumns<T> {
  return { title, dataIndex, ellipsis: true, search: false, render: (_, row) => (row[dataIndex] as ReactNode) || muted, ...extra };
}

/**
 * The `enable` column: a switch that saves at once; with `search` also a 启用/禁用 select in the search form (sent as
 * `enable=true|false`).
 */
export function enableColumn<T extends { enable?: boolean }>(
  onToggle: (row: T, enable: boolean) => Promise<unknown>,
  { search = true, width = 96 }: { search?: boolean; width?: number } = {},
): ProColumns<T> {
  return {
    title: '状态',
    dataIndex: 'enable',
    width,
    align: 'center',
    ...(search ? { valueType: 'select' as const, valueEnum: ENABLE_VALUE_ENUM } : { search: false }),
    render: (_, row) => <EnableSwitch checked={row.enable ?? true} onChange={(next) => onToggle(row, next)} />,
  };
}

/**
 * A search-only date range filter (e.g. `created_at`) with the quick ranges 近一天 … 近一年; sent as `[from, to]` in
 * ISO 8601, the list queries' `zQueryArray(zDateString)`.
 */
export function dateRangeColumn<T>(title: string, dataIndex: string): ProColumns<T> {
  return {
    title,
    dataIndex,
    valueType: 'dateTimeRange',
    hideInTable: true,
    fieldProps: { presets: quickRangePresets(), placeholder: ['开始时间', '结束时间'] },
    search: { transform: (value: unknown) => ({ [dataIndex]: toIsoRange(value) }) },
  };
}

/** An outside address as a link (new tab, one line); `—` when empty. */
export function linkColumn<T extends object>(title: string, dataIndex: keyof T & string, width: number): ProColumns<T> {
  return {
    title,
    dataIndex,
    width,
    search: false,
    render: (_, row) => {
      const href = row[dataIndex] as string;
      return href ? (
        <Typography.Link href={href} target="_blank" rel="noreferrer noopener" ellipsis style={{ maxWidth: width - 20 }}>
          {href}
        </Typography.Link>
      ) : (
        muted
      );
    },
  };
}

/** The row actions column (操作), fixed on the right. */
export function optionColumn<T>(width: number, render: (row: T) => ReactNode[]): ProColumns<T> {
  return { title: '操作', valueType: 'option', width, fixed: 'right', render: (_, row) => render(row) };
}

/** The column helpers under one name: `col.id()`, `col.keyword('…')`, `col.enable(…)`, `col.option(120, …)`. */
export const col = {
  keyword: keywordColumn,
  id: idColumn,
  createdAt: createdAtColumn,
  dateRange: dateRangeColumn,
  text: textColumn,
  link: linkColumn,
  documentTitle: documentTitleColumn,
  enable: enableColumn,
  option: optionColumn,
};
