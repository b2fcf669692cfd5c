import { useEffect, useMemo, useState } from 'react';
import { DrawerForm, ModalForm, ProForm, ProFormDependency, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Input, Row, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { renderMarkdown } from '@wenku/ui/markdown';
import '@wenku/ui/markdown.css';
import type { TArticle } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { ArticleCategorySelect, run } from './shared';

/** Approve or reject articles; a rejection needs a reason, which the author sees. */
export function ReviewForm({ ids, title, onOpenChange, onDone }: { ids: number[]; title?: string; onOpenChange: (o: boolean) => void; onDone: () => void }) {
  return (
    <ModalForm<{ status: 1 | 2; reject_reason?: string }>
      title={title ? `审核「${title}」` : `审核选中的 ${ids.length} 篇文章`}
      open
      width={520}
      onOpenChange={onOpenChange}
      initialValues={{ status: 1 }}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '确定', resetText: '取消' } }}
      onFinish={async (v) => {
        const ok = await run(
          () => client.call(api.checkArticles, { body: { article_id: ids, status: v.status, reject_reason: v.reject_reason ?? '' } }),
          v.status === 1 ? '已通过审核' : '已拒绝',
        );
        if (ok) onDone();
        return ok;
      }}
    >
      <ProFormRadio.Group
        name="status"
        label="审核结果"
        options={[
          { value: 1, label: '通过' },
          { value: 2, label: '拒绝' },
        ]}
      />
      <ProFormDependency name={['status']}>
        {({ status }) =>
          status === 2 ? (
            <ProFormTextArea
              name="reject_reason"
              label="拒绝原因"
              placeholder="作者会看到这个原因"
              rules={[{ required: true, whitespace: true, message: '请填写拒绝原因' }]}
              fieldProps={{ maxLength: 255, showCount: true }}
            />
          ) : null
        }
      </ProFormDependency>
    </ModalForm>
  );
}

export function SetCategoryForm({ ids, onOpenChange, onDone }: { ids: number[]; onOpenChange: (o: boolean) => void; onDone: () => void }) {
  return (
    <ModalForm<{ category_id: number[] }>
      title={`设置 ${ids.length} 篇文章的分类`}
      open
      width={480}
      onOpenChange={onOpenChange}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const ok = await run(() => client.call(api.setArticlesCategory, { body: { article_id: ids, category_id: v.category_id ?? [] } }));
        if (ok) onDone();
        return ok;
      }}
    >
      <ProForm.Item name="category_id" label="文章分类">
        <ArticleCategorySelect />
      </ProForm.Item>
    </ModalForm>
  );
}

interface EditValues {
  title: string;
  identifier: string;
  keywords: string;
  description: string;
  category_id: number[];
}

/** Edit an article (or write one as administrator): identifier, meta, markdown with a live preview. */
export function ArticleEditor({ id, onOpenChange, onDone }: { id?: number; onOpenChange: (o: boolean) => void; onDone: () => void }) {
  const detail = useQuery({
    queryKey: ['article', 'detail', id],
    queryFn: ({ signal }) => client.call(api.getArticle, { query: { id: id! }, signal }),
    enabled: !!id,
  });
  const [content, setContent] = useState('');
  useEffect(() => {
    if (detail.data) setContent(detail.data.content);
  }, [detail.data]);
  const html = useMemo(() => renderMarkdown(content, { docId: id ? String(id) : undefined }), [content, id]);
  const a = detail.data;
  return (
    <DrawerForm<EditValues>
      title={id ? '编辑文章' : '新增文章'}
      open
      width="min(1200px, 96vw)"
      onOpenChange={onOpenChange}
      drawerProps={{ destroyOnHidden: true }}
      initialValues={a ? { title: a.title, identifier: a.identifier, keywords: a.keywords, description: a.description, category_id: a.category_id } : undefined}
      key={a?.id ?? 'new'}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = {
          title: v.title.trim(),
          identifier: v.identifier?.trim() || undefined,
          keywords: v.keywords ?? '',
          description: v.description ?? '',
          category_id: v.category_id ?? [],
          content,
        };
        const ok = await run(
          () => (id ? client.call(api.updateArticle, { body: { id, ...body } }) : client.call(api.createArticle, { body: { ...body, is_draft: false } })),
          '保存成功',
        );
        if (ok) onDone();
        return ok;
      }}
    >
      {id && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <ProFormText
                name="title"
                label="标题"
                rules={[{ required: true, whitespace: true, message: '请输入文章标题' }]}
                fieldProps={{ maxLength: 255 }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormText
                name="identifier"
                label="标识"
                tooltip="文章地址 /article/{标识}；页脚页面用 about、agreement、contact、feedback、copyright"
                placeholder="留空自动生成"
              />
            </Col>
            <Col xs={24} md={12}>
              <ProForm.Item name="category_id" label="分类">
                <ArticleCategorySelect />
              </ProForm.Item>
            </Col>
            <Col xs={24} md={12}>
              <ProFormText name="keywords" label="关键词" placeholder="多个用英文逗号分隔" />
            </Col>
            <Col span={24}>
              <ProFormTextArea name="description" label="摘要" fieldProps={{ autoSize: { minRows: 1, maxRows: 3 }, maxLength: 1024 }} />
            </Col>
          </Row>
          <Typography.Text strong>内容（Markdown，支持 KaTeX 公式）</Typography.Text>
          <Row gutter={12} style={{ marginTop: 8 }}>
            <Col xs={24} md={12}>
              <Input.TextArea
                value={content}
                onChange={(e) => setContent(e.target.value)}
                style={{ height: 480, fontFamily: 'Menlo, Consolas, monospace' }}
                aria-label="文章内容"
              />
            </Col>
            <Col xs={24} md={12}>
              <div
                className="wk-markdown"
                style={{ height: 480, overflow: 'auto', padding: '4px 16px', border: '1px solid #f0f0f0', borderRadius: 6 }}
                dangerouslySetInnerHTML={{ __html: html }}
              />
            </Col>
          </Row>
        </>
      )}
    </DrawerForm>
  );
}

export type { TArticle };
