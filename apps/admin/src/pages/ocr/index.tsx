import { useRef, useState, type Key } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Alert, Button, Popconfirm, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { ScanOutlined, SettingOutlined } from '@ant-design/icons';
import { OCR_STATUS_OPTIONS, OcrStatus, ZOcrDocument, labelOf, toValueEnum, type TOcrDocument } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { col, muted } from '../../components/crud';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { listRequest, type ProTableParams } from '../../lib/pro-table';
import { EnginesCard } from '../config/engines-card';
import { OCR_POLL_MS, isBusy, progressPercent, progressText } from './lib';

const TAG_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/**
 * /document/ocr (OCR 识别): the PDF and CBZ documents with their text recognition — state, pages done / total, the
 * engine, the error — with 立即识别 (PUT /ocr/document) and 重试 (PUT /ocr/document/retry). The list is read again every
 * few seconds while something waits or runs.
 */
export default function OcrPage() {
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [busy, setBusy] = useState(false);
  const config = useQuery({
    queryKey: ['config', 'ocr'],
    queryFn: ({ signal }) => client.call(api.listConfig, { query: { category: ['ocr'] }, signal }),
  });
  // the config list carries values as moredoc does (a switch is 'true' / 'false')
  const enableValue = config.data?.config.find((c) => c.category === 'ocr' && c.name === 'enable')?.value;
  const enabled = enableValue === undefined ? undefined : enableValue === true || enableValue === 'true';

  const request = listRequest(api.listOcrDocuments, 'document', { row: ZOcrDocument, onResponse: (res) => setBusy(isBusy(res.document)) });
  // poll while anything waits or runs
  useQuery({
    queryKey: ['ocr', 'poll'],
    queryFn: async () => {
      await actionRef.current?.reload();
      return Date.now();
    },
    enabled: busy,
    refetchInterval: OCR_POLL_MS,
  });

  const done = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
    void actionRef.current?.reload();
  };
  const recognise = useMutation({
    mutationFn: (ids: number[]) => client.call(api.recogniseDocuments, { body: { id: ids } }),
    onSuccess: (res) => {
      toast.success(res.count > 0 ? `已加入识别队列：${res.count} 个文件` : '选中的文档正在识别中');
      done();
    },
    onError: (e) => toast.fail(e, '识别失败'),
  });
  const retry = useMutation({
    mutationFn: (ids: number[]) => client.call(api.retryOcr, { body: { id: ids } }),
    onSuccess: (res, ids) => {
      toast.success(res.count > 0 ? `已重新排队 ${res.count} 个文件` : ids.length ? '选中的文档无需重试' : '没有识别失败的文档');
      done();
    },
    onError: (e) => toast.fail(e, '重试失败'),
  });

  const columns: ProColumns<TOcrDocument>[] = [
    col.keyword<TOcrDocument>('文档标题'),
    col.documentTitle<TOcrDocument>(),
    {
      title: '识别状态',
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: toValueEnum(OCR_STATUS_OPTIONS),
      fieldProps: { placeholder: '全部状态' },
      render: (_, row) => (row.status === null ? <Tag>未识别</Tag> : <Tag color={TAG_COLORS[row.status]}>{labelOf(OCR_STATUS_OPTIONS, row.status)}</Tag>),
    },
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
    {
      title: '错误信息',
      dataIndex: 'error',
      width: 240,
      search: false,
      ellipsis: { showTitle: false },
      render: (_, row) =>
        row.error ? (
          <Tooltip title={row.error} placement="topLeft">
            <Typography.Text type="danger">{row.error}</Typography.Text>
          </Tooltip>
        ) : (
          muted
        ),
    },
    col.text<TOcrDocument>('引擎', 'engine', { width: 140 }),
    { title: '尝试次数', dataIndex: 'attempts', width: 90, align: 'right', search: false },
    {
      title: '更新时间',
      dataIndex: 'updated_at',
      valueType: 'dateTime',
      width: 172,
      search: false,
      render: (dom, row) => (row.status === null ? muted : dom),
    },
    col.option<TOcrDocument>(130, (row) => [
      row.status === OcrStatus.Failed ? (
        <a key="retry" onClick={() => retry.mutate([row.document_id])}>
          重试
        </a>
      ) : null,
      row.status !== OcrStatus.Recognising ? (
        <Popconfirm
          key="ocr"
          title="立即识别这篇文档？"
          description="将重新识别它的扫描页，原有识别结果会被替换。"
          onConfirm={() => recognise.mutateAsync([row.document_id])}
        >
          <a>立即识别</a>
        </Popconfirm>
      ) : null,
    ]),
  ];

  return (
    <AdminPage
      subTitle="没有文字层的扫描页（有图片且文字很少）经 OCR 识别后，文字可被搜索、AI 问答引用"
      extra={
        <Link to="/config/ocr">
          <Button icon={<SettingOutlined />}>OCR 设置</Button>
        </Link>
      }
    >
      {enabled === false && (
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
      )}
      <EnginesCard category="ocr" />
      <ProTable<TOcrDocument, ProTableParams>
        rowKey="document_id"
        actionRef={actionRef}
        headerTitle="OCR 文档"
        columns={columns}
        request={request}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        toolBarRender={() => [
          <Button key="retry-all" loading={retry.isPending} onClick={() => retry.mutate([])}>
            重试全部失败
          </Button>,
        ]}
        tableAlertOptionRender={({ onCleanSelected }) => (
          <Space size={16}>
            <Typography.Link onClick={() => recognise.mutate(selected.map(Number))}>
              <ScanOutlined /> 识别选中
            </Typography.Link>
            <Typography.Link onClick={() => retry.mutate(selected.map(Number))}>重试选中</Typography.Link>
            <Typography.Link onClick={onCleanSelected}>取消选择</Typography.Link>
          </Space>
        )}
      />
    </AdminPage>
  );
}
