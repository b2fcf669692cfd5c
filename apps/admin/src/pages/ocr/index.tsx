import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Progress, Tooltip, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { OCR_STATUS_OPTIONS, OcrStatus, ZOcrDocument, type TOcrDocument } from '@wenku/contracts';
import { col } from '../../components/crud';
import { TaskQueuePage, type TaskQueueContext } from '../../components/task-queue';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest } from '../../lib/pro-table';
import { EnginesCard } from '../config/engines-card';
import { isBusy, progressPercent, progressText } from './lib';

const request = listRequest(api.listOcrDocuments, 'document', { row: ZOcrDocument });

/** 立即识别 / 识别选中 (PUT /ocr/document): recognised again, the old text replaced. */
async function recognise(ctx: TaskQueueContext<TOcrDocument>, ids: number[]): Promise<boolean> {
  try {
    const res = await client.call(api.recogniseDocuments, { body: { id: ids } });
    toast.success(res.count > 0 ? `已加入识别队列：${res.count} 个文件` : '选中的文档正在识别中');
    ctx.clearSelected();
    ctx.reload();
    return true;
  } catch (e) {
    toast.fail(e, '识别失败');
    return false;
  }
}

/** The OCR switch: a warning with 去启用 while it is off. */
function OcrNotice() {
  const config = useQuery({
    queryKey: ['config', 'ocr'],
    queryFn: ({ signal }) => client.call(api.listConfig, { query: { category: ['ocr'] }, signal }),
  });
  // the config list carries values as moredoc does (a switch is 'true' / 'false')
  const value = config.data?.config.find((c) => c.category === 'ocr' && c.name === 'enable')?.value;
  if (value === undefined || value === true || value === 'true') return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="OCR 未启用：新上传的扫描文档不会被识别。"
      action={
        <Link to="/config/ocr">
          <Button size="small" type="primary">
            去启用
          </Button>
        </Link>
      }
    />
  );
}

/**
 * /document/ocr (OCR 识别): the PDF and CBZ documents with their text recognition — state, pages done / total, the
 * engine, the error — with 立即识别 (PUT /ocr/document) and 重试 (PUT /ocr/document/retry); the task queue page
 * configured for OCR. The list is read again every few seconds while something waits or runs.
 */
export default function OcrPage() {
  return (
    <TaskQueuePage<TOcrDocument>
      headerTitle="OCR 文档"
      subTitle="没有文字层的扫描页（有图片且文字很少）经 OCR 识别后，文字可被搜索、AI 问答引用"
      extra={
        <Link to="/config/ocr">
          <Button icon={<SettingOutlined />}>OCR 设置</Button>
        </Link>
      }
      request={request}
      rowKey="document_id"
      keyword="文档标题"
      status={{
        options: OCR_STATUS_OPTIONS,
        colors: { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' },
        none: { when: (row) => row.status === null, label: '未识别' },
      }}
      subject={() => [col.documentTitle<TOcrDocument>()]}
      progress={() => [
        {
          title: '进度',
          key: 'progress',
          width: 160,
          search: false,
          render: (_, row) =>
            row.pages_total > 0 ? (
              <Tooltip title={`已识别 ${row.pages_done} / ${row.pages_total} 页`}>
                <Progress
                  percent={progressPercent(row)}
                  size="small"
                  format={() => progressText(row)}
                  status={row.status === OcrStatus.Failed ? 'exception' : row.status === OcrStatus.Recognising ? 'active' : undefined}
                />
              </Tooltip>
            ) : (
              <Typography.Text type="secondary">{progressText(row)}</Typography.Text>
            ),
        },
      ]}
      error={{ width: 240 }}
      details={() => [
        col.text<TOcrDocument>('引擎', 'engine', { width: 140 }),
        { title: '尝试次数', dataIndex: 'attempts', width: 90, align: 'right', search: false },
      ]}
      time={{ title: '更新时间', dataIndex: 'updated_at', none: (row) => row.status === null }}
      retry={{
        route: api.retryOcr,
        can: (row) => row.status === OcrStatus.Failed,
        success: (count, ids) => (count > 0 ? `已重新排队 ${count} 个文件` : ids.length ? '选中的文档无需重试' : '没有识别失败的文档'),
        error: '重试失败',
        allLabel: '重试全部失败',
      }}
      rowActions={(row, ctx) => [
        row.status !== OcrStatus.Recognising ? (
          <Popconfirm
            key="ocr"
            title="立即识别这篇文档？"
            description="将重新识别它的扫描页，原有识别结果会被替换。"
            onConfirm={() => recognise(ctx, [row.document_id])}
          >
            <a>立即识别</a>
          </Popconfirm>
        ) : null,
      ]}
      batchActions={(ctx) => [
        {
          key: 'ocr',
          label: '识别选中',
          run: (ids) => recognise(ctx, ids.map(Number)),
        },
      ]}
      busy={isBusy}
      header={() => (
        <>
          <OcrNotice />
          <EnginesCard category="ocr" />
        </>
      )}
      width={1300}
    />
  );
}
