import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, Result, Skeleton, Space, TreeSelect } from 'antd';
import { FileWordOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ArticleAudit, CategoryType } from '@wenku/contracts/enums';
import { Page } from '../../../app/shell/page';
import { useSession } from '../../../app/session';
import { loginRedirect } from '../../../app/access';
import { errorMessage } from '../../../lib/api';
import { useCategoryTree } from '../../category/api';
import type { CategoryNode } from '../../category/lib';
import { useArticleDetail, useExportDocx, useSaveArticle } from '../api';
import { articleHref } from '../lib/href';
import { MarkdownEditor } from '../components/markdown-editor';
import '../article.css';

interface Meta {
  title: string;
  category_id: number[];
  keywords: string;
  description: string;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toTree = (nodes: CategoryNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.title, children: toTree(n.children) }));

/** /post (login required): write or edit (?id=) a markdown article; save as draft or submit. */
export default function PostPage() {
  const token = useSession((s) => s.token);
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={loginRedirect(pathname, search)} replace />;
  return <Editor />;
}

function Editor() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const existing = useArticleDetail(id ? String(id) : '', false);
  if (id && existing.isPending) {
    return (
      <Page title="编辑文章">
        <div className="wk-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </Page>
    );
  }
  if (id && existing.isError) {
    return (
      <Page title="编辑文章">
        <div className="wk-card">
          <Result status="404" title="文章不存在或无权编辑" subTitle={errorMessage(existing.error, '')} extra={<Link to="/post">写新文章</Link>} />
        </div>
      </Page>
    );
  }
  return <EditorForm key={id || 'new'} id={id} initial={existing.data} />;
}

function EditorForm({ id, initial }: { id: number; initial?: ReturnType<typeof useArticleDetail>['data'] }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const groups = useSession((s) => s.groups);
  const [form] = Form.useForm<Meta>();
  const [content, setContent] = useState(initial?.content ?? '');
  const { exporting, exportDocx } = useExportDocx();
  const [savedId, setSavedId] = useState(id);
  const save = useSaveArticle();
  const { tree } = useCategoryTree(CategoryType.Article);
  const treeData = useMemo(() => toTree(tree), [tree]);
  const needsReview = groups.length > 0 && groups.every((g) => g.enable_article_approval);
  const canPost = groups.length === 0 || groups.some((g) => g.enable_article);

  useEffect(() => {
    if (initial) form.setFieldsValue({ title: initial.title, category_id: initial.category_id, keywords: initial.keywords, description: initial.description });
  }, [initial, form]);

  const submit = async (draft: boolean) => {
    let meta: Meta;
    try {
      meta = draft ? { ...form.getFieldsValue(), title: form.getFieldValue('title') || '' } : await form.validateFields();
    } catch {
      return;
    }
    if (!meta.title?.trim()) {
      message.error('请输入文章标题');
      return;
    }
    if (!draft && !content.trim()) {
      message.error('请输入文章内容');
      return;
    }
    try {
      const a = await save.mutateAsync({
        id: savedId || undefined,
        body: {
          title: meta.title.trim(),
          category_id: meta.category_id ?? [],
          keywords: meta.keywords?.trim() ?? '',
          description: meta.description?.trim() ?? '',
          content,
          is_draft: draft,
        },
      });
      if (draft) {
        message.success('草稿已保存');
        setSavedId(a.id);
        if (!savedId) navigate(`/post?id=${a.id}`, { replace: true });
        return;
      }
      if (a.status === ArticleAudit.Approved) {
        message.success('发布成功');
        navigate(articleHref(a));
      } else {
        message.success('已提交审核，审核通过后将公开显示');
        navigate('/me/article');
      }
    } catch (e) {
      message.error(errorMessage(e, draft ? '保存失败' : '提交失败'));
    }
  };

  return (
    <Page
      title={id ? '编辑文章' : '发布文章'}
      crumbs={[{ title: '文章资讯', to: '/article' }, { title: id ? '编辑文章' : '发布文章' }]}
      className="wk-post-page"
    >
      {!canPost && <Alert type="warning" showIcon title="您所在的用户组不允许发布文章" style={{ marginBottom: 12 }} />}
      {initial?.status === ArticleAudit.Rejected && initial.reject_reason && !initial.is_draft && (
        <Alert type="error" showIcon title={`审核未通过：${initial.reject_reason}`} description="修改后重新提交即可再次审核。" style={{ marginBottom: 12 }} />
      )}
      <div className="wk-card wk-post-card">
        <Form form={form} layout="vertical" requiredMark={false} className="wk-post-form">
          <Form.Item
            name="title"
            rules={[
              { required: true, whitespace: true, message: '请输入文章标题' },
              { max: 255, message: '标题最多255个字符' },
            ]}
          >
            <Input size="large" placeholder="请输入文章标题" maxLength={255} aria-label="文章标题" className="wk-post-title" variant="borderless" />
          </Form.Item>
          <div className="wk-post-meta">
            <Form.Item name="category_id" label="分类">
              <TreeSelect treeData={treeData} multiple treeDefaultExpandAll placeholder="选择文章分类" allowClear aria-label="文章分类" maxTagCount={3} />
            </Form.Item>
            <Form.Item name="keywords" label="关键词" tooltip="多个用英文逗号分隔；留空则从标题自动提取">
              <Input placeholder="如：数学,勾股定理" maxLength={255} />
            </Form.Item>
          </div>
          <Form.Item name="description" label="摘要" tooltip="留空则取正文开头">
            <Input.TextArea placeholder="一两句话介绍这篇文章" maxLength={1024} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Form>
        <MarkdownEditor value={content} onChange={setContent} docId={savedId ? String(savedId) : undefined} />
        <div className="wk-post-footer">
          <span className="wk-post-tip">支持 Markdown、KaTeX 数学公式（$…$ 与 $$…$$）、引用式链接、代码高亮与表格</span>
          <Space wrap>
            <Button
              icon={<FileWordOutlined />}
              loading={exporting}
              disabled={!content.trim()}
              onClick={() => void exportDocx(form.getFieldValue('title') as string | undefined, content)}
            >
              导出 Word
            </Button>
            <Button icon={<SaveOutlined />} loading={save.isPending && save.variables?.body.is_draft === true} onClick={() => void submit(true)}>
              保存草稿
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={save.isPending && save.variables?.body.is_draft === false}
              disabled={!canPost}
              onClick={() => void submit(false)}
            >
              {needsReview ? '提交审核' : '发布文章'}
            </Button>
          </Space>
        </div>
      </div>
    </Page>
  );
}
