import { Alert, Result, Spin } from 'antd';
import { ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { DocumentView } from '../lib/status';
import { rejectReason } from '../lib/status';

/** Banner over the page for the owner / administrators when others cannot see the document. */
export function DocumentStatusBanner({ view, convertError }: { view: DocumentView; convertError: string }) {
  if (view === 'review') {
    return (
      <Alert
        className="wk-doc-banner"
        type="info"
        showIcon
        title="文档审核中"
        description="该文档正在等待管理员审核，审核通过后将开始转换并对所有人可见。目前仅您和管理员可以看到。"
      />
    );
  }
  if (view === 'rejected') {
    const reason = rejectReason(convertError);
    return (
      <Alert
        className="wk-doc-banner"
        type="error"
        showIcon
        title="文档审核未通过"
        description={reason ? `原因：${reason}` : '该文档未通过审核，仅您和管理员可以看到。'}
      />
    );
  }
  if (view === 'disabled') {
    return <Alert className="wk-doc-banner" type="warning" showIcon title="文档已禁用" description="该文档已被管理员禁用，仅您和管理员可以看到。" />;
  }
  return null;
}

/** What stands in the reader's place while there are no pages to show. */
export function DocumentStatePanel({ view, privileged, convertError }: { view: DocumentView; privileged: boolean; convertError: string }) {
  if (view === 'converting') {
    return (
      <div className="wk-card wk-doc-state" role="status">
        <Spin size="large" />
        <h3>文档转换中，请稍后刷新</h3>
        <p>文档正在转换为在线阅读格式，完成后页面会自动显示内容。</p>
      </div>
    );
  }
  if (view === 'failed') {
    return (
      <Result
        className="wk-card wk-doc-state"
        status={privileged ? 'error' : 'warning'}
        title={privileged ? '文档转换失败' : '文档暂时无法预览'}
        subTitle={privileged ? convertError || '转换时发生未知错误，请联系管理员重新转换。' : '该文档暂不支持在线预览，您可以下载后阅读。'}
      />
    );
  }
  if (view === 'review') {
    return (
      <Result
        className="wk-card wk-doc-state"
        icon={<ClockCircleOutlined style={{ color: '#1677ff' }} />}
        title="等待审核"
        subTitle="审核通过后，文档将自动转换并提供在线预览。"
      />
    );
  }
  if (view === 'rejected' || view === 'disabled') {
    return (
      <Result
        className="wk-card wk-doc-state"
        icon={<StopOutlined style={{ color: '#86909c' }} />}
        title="文档暂时无法预览"
        subTitle={view === 'rejected' ? '文档未通过审核，暂不提供预览。' : '文档已被禁用，暂不提供预览。'}
      />
    );
  }
  return null;
}
