import { useRef, useState, type Key } from 'react';
import { Link } from 'react-router-dom';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SPIDER_URL_STATUS_OPTIONS, SpiderUrlStatus, ZSpiderUrl, toValueEnum, type TSpiderUrl } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { col, muted, useCrudActions } from '../../components/crud';
import { DeleteLink } from '../../components/table-actions';
import { api } from '../../lib/api';
import { listRequest, type ProTableParams } from '../../lib/pro-table';
import { AddUrlForm } from './add-url-form';
import { ErrorText } from './error-text';
import { POLL_MS, urlsBusy } from './lib';

const request = listRequest(api.listSpiderUrls, 'spider_url', { row: ZSpiderUrl });

/**
 * /spider/url (采集网址): start URLs with their state (待采集 → 采集中 → 已完成/采集失败) and error, how many pages were
 * read and document links found; add (one per line), collect again, delete. While any is waiting or running the
 * list is read again every few seconds.
 */
export default function SpiderUrlPage() {
  const actionRef = useRef<ActionType>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const reload = () => void actionRef.current?.reload();
  const { run, remove } = useCrudActions({ onSuccess: reload, remove: api.deleteSpiderUrls });
  const clear = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
  };
  const retry = (ids: number[]) => run(api.retrySpiderUrls, { body: { id: ids } }, { success: '已重新加入采集队列', error: '重新采集失败' }).then(clear);

  const columns: ProColumns<TSpiderUrl>[] = [
    col.keyword<TSpiderUrl>('网址包含'),
    col.id<TSpiderUrl>(),
    {
      title: '网址',
      dataIndex: 'url',
      width: 300,
      search: false,
      render: (_, row) => (
        <Typography.Link href={row.url} target="_blank" rel="noreferrer noopener" ellipsis style={{ maxWidth: 280 }}>
          {row.url}
        </Typography.Link>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      valueType: 'select',
      valueEnum: toValueEnum(SPIDER_URL_STATUS_OPTIONS),
      fieldProps: { placeholder: '全部状态' },
    },
    {
      title: '错误/提示',
      dataIndex: 'error',
      width: 260,
      search: false,
      render: (_, row) => <ErrorText text={row.error} warning={row.status !== SpiderUrlStatus.Failed} />,
    },
    { title: '页面', dataIndex: 'pages', width: 70, align: 'right', search: false },
    {
      title: '文档',
      dataIndex: 'documents',
      width: 70,
      align: 'right',
      search: false,
      render: (_, row) => (row.documents > 0 ? <Link to={`/spider/document?spider_url_id=${row.id}`}>{row.documents}</Link> : 0),
    },
    { title: '深度', dataIndex: 'depth', width: 60, align: 'right', search: false },
    { title: '链接规则', dataIndex: 'pattern', width: 140, search: false, ellipsis: true, render: (_, row) => row.pattern || muted },
    { title: '上传用户', dataIndex: 'username', width: 110, search: false },
    { title: '价格', dataIndex: 'price', width: 70, align: 'right', search: false },
    {
      title: '自动发布',
      dataIndex: 'auto_publish',
      width: 90,
      search: false,
      render: (_, row) => (row.auto_publish ? <Tag color="green">是</Tag> : <Tag>否</Tag>),
    },
    col.createdAt<TSpiderUrl>(),
    col.option<TSpiderUrl>(150, (row) => [
      row.status !== SpiderUrlStatus.Collecting ? (
        <a key="retry" onClick={() => retry([row.id])}>
          重新采集
        </a>
      ) : null,
      <Link key="docs" to={`/spider/document?spider_url_id=${row.id}`}>
        文档
      </Link>,
      <DeleteLink key="del" description="未发布的采集文档一并删除；已发布的文档保留。" onConfirm={() => remove([row.id])} />,
    ]),
  ];

  return (
    <AdminPage subTitle="从网页上采集文档：只访问公网地址（内网地址需运维在 SPIDER_ALLOW_HOSTS 中放行），遵守 robots.txt">
      <ProTable<TSpiderUrl, ProTableParams>
        rowKey="id"
        actionRef={actionRef}
        headerTitle="采集网址"
        columns={columns}
        request={async (params) => {
          const res = await request(params);
          setBusy(urlsBusy(res.data));
          return res;
        }}
        polling={busy ? POLL_MS : undefined}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        scroll={{ x: 1600 }}
        toolBarRender={() => [
          <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            添加网址
          </Button>,
        ]}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        tableAlertOptionRender={() => (
          <Space size={16}>
            <Typography.Link onClick={() => retry(selected.map(Number))}>重新采集选中</Typography.Link>
            <Popconfirm
              title={`确定删除选中的 ${selected.length} 个网址吗？`}
              description="未发布的采集文档一并删除；已发布的文档保留。"
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(selected).then(clear)}
            >
              <Typography.Link type="danger">批量删除</Typography.Link>
            </Popconfirm>
            <Typography.Link onClick={clear}>取消选择</Typography.Link>
          </Space>
        )}
      />
      {adding && <AddUrlForm onClose={() => setAdding(false)} onSaved={reload} />}
    </AdminPage>
  );
}
