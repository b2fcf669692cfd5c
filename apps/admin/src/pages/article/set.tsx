import { useState } from 'react';
import { Button, Card, Descriptions, List, Space, Typography } from 'antd';
import { GlobalOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { FOOTER_ARTICLE_IDENTIFIERS, type RouteResponse } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { articleUrl } from './shared';

const FOOTER_LABELS: Record<(typeof FOOTER_ARTICLE_IDENTIFIERS)[number], string> = {
  about: '关于我们',
  agreement: '文库协议',
  contact: '联系我们',
  feedback: '意见反馈',
  copyright: '免责声明',
};

/** /admin/article/set: article settings, the footer pages (articles with fixed identifiers) and the sitemap. */
export default function ArticleSetPage() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RouteResponse<typeof api.updateSitemap> | null>(null);
  const rebuild = async () => {
    setBusy(true);
    try {
      const r = await client.call(api.updateSitemap);
      setResult(r);
      toast.success('站点地图已更新');
    } catch (err) {
      toast.fail(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminPage subTitle="文章评论、浏览数、相关文章等设置，以及页脚页面和站点地图">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title="文章设置"
          extra={
            <Link to="/config/article">
              <Button icon={<SettingOutlined />}>修改设置</Button>
            </Link>
          }
        >
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            开启或关闭文章评论、是否显示浏览数、相关文章篇数、站点地图每日更新时刻。用户能否发布文章、是否需要审核在「用户组」中设置，禁止发文在「惩罚管理」中设置。
          </Typography.Paragraph>
        </Card>
        <Card title="页脚页面">
          <List
            dataSource={[...FOOTER_ARTICLE_IDENTIFIERS]}
            renderItem={(id) => (
              <List.Item
                actions={[
                  <a key="view" href={articleUrl(id)} target="_blank" rel="noopener noreferrer">
                    查看
                  </a>,
                  <Link key="edit" to={`/article/list?wd=${id}`}>
                    在文章列表中编辑
                  </Link>,
                ]}
              >
                <List.Item.Meta title={FOOTER_LABELS[id]} description={<Typography.Text code>/article/{id}</Typography.Text>} />
              </List.Item>
            )}
          />
        </Card>
        <Card
          title="站点地图"
          extra={
            <Button type="primary" icon={<GlobalOutlined />} loading={busy} onClick={() => void rebuild()}>
              更新站点地图
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">
            站点地图（
            <a href="/sitemap.xml" target="_blank" rel="noopener noreferrer">
              /sitemap.xml
            </a>
            ）每天自动更新，每个分页最多 10,000 条链接；robots.txt 会指向它。
          </Typography.Paragraph>
          {result && (
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label="文档链接">{result.documents}</Descriptions.Item>
              <Descriptions.Item label="文章链接">{result.articles}</Descriptions.Item>
              <Descriptions.Item label="文件">{result.files.join('、') || '—'}</Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      </Space>
    </AdminPage>
  );
}
