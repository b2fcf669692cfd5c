export { ErrorText, TASK_POLL_MS, TaskQueuePage, type TaskQueueContext, type TaskQueuePageProps, type TaskRetry, type TaskStatusSpec } from './task-queue-page';
