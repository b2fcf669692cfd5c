import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SPIDER_URL_STATUS_OPTIONS, SpiderUrlStatus, ZSpiderUrl, type TSpiderUrl } from '@wenku/contracts';
import { col, muted } from '../../components/crud';
import { TaskQueuePage } from '../../components/task-queue';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { AddUrlForm } from './add-url-form';
import { urlsBusy } from './lib';

const request = listRequest(api.listSpiderUrls, 'spider_url', { row: ZSpiderUrl });
const REMOVE_NOTE = '未发布的采集文档一并删除；已发布的文档保留。';

/**
 * /spider/url (采集网址): start URLs with their state (待采集 → 采集中 → 已完成/采集失败) and error, how many pages were
 * read and document links found; add (one per line), collect again, delete: the task queue page configured for the
 * collector's start URLs. While any is waiting or running the list is read again every few seconds.
 */
export default function SpiderUrlPage() {
  const [adding, setAdding] = useState(false);
  return (
    <TaskQueuePage<TSpiderUrl>
      headerTitle="采集网址"
      subTitle="从网页上采集文档：只访问公网地址（内网地址需运维在 SPIDER_ALLOW_HOSTS 中放行），遵守 robots.txt"
      request={request}
      rowKey="id"
      keyword="网址包含"
      status={{ options: SPIDER_URL_STATUS_OPTIONS, width: 100 }}
      subject={() => [col.id<TSpiderUrl>(), col.link<TSpiderUrl>('网址', 'url', 300)]}
      error={{ title: '错误/提示', warning: (row) => row.status !== SpiderUrlStatus.Failed }}
      details={() => [
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
      ]}
      time={{ title: '创建时间', dataIndex: 'created_at' }}
      retry={{
        route: api.retrySpiderUrls,
        can: (row) => row.status !== SpiderUrlStatus.Collecting,
        success: () => '已重新加入采集队列',
        error: '重新采集失败',
        rowLabel: '重新采集',
        batchLabel: '重新采集选中',
      }}
      rowActions={(row) => [
        <Link key="docs" to={`/spider/document?spider_url_id=${row.id}`}>
          文档
        </Link>,
      ]}
      remove={{ route: api.deleteSpiderUrls, batchTitle: (n) => `确定删除选中的 ${n} 个网址吗？`, batchDescription: REMOVE_NOTE }}
      removeDescription={REMOVE_NOTE}
      toolbar={() => [
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加网址
        </Button>,
      ]}
      busy={urlsBusy}
      width={1600}
    >
      {(ctx) => adding && <AddUrlForm onClose={() => setAdding(false)} onSaved={ctx.reload} />}
    </TaskQueuePage>
  );
}
