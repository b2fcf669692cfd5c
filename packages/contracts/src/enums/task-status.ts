import type { TEnumOption } from './enum-option';

/** Status of embedding and other background tasks, spec §4. */
export const TaskStatus = {
  Pending: 0,
  Processing: 1,
  Done: 2,
  Failed: 3,
} as const;
export type TTaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TASK_STATUS_OPTIONS = [
  { value: TaskStatus.Pending, label: '待处理', status: 'Default' },
  { value: TaskStatus.Processing, label: '处理中', status: 'Processing' },
  { value: TaskStatus.Done, label: '已完成', status: 'Success' },
  { value: TaskStatus.Failed, label: '处理失败', status: 'Error' },
] as const satisfies readonly TEnumOption<TTaskStatus>[];
