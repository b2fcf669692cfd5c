import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { App, Button, Form, Result, Skeleton, Tag, TreeSelect } from 'antd';
import { CheckCircleOutlined, FileProtectOutlined, InfoCircleOutlined, SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { CategoryType, DOCUMENT_STATUS_OPTIONS, DocumentStatus, FILE_TYPE_EXTS, FILE_TYPE_OPTIONS, labelOf } from '@wenku/contracts/enums';
import type { RouteBody } from '@wenku/contracts/paths';
import type { TDocument } from '@wenku/contracts/schemas';
import { FileTypeIcon, HtmlContent } from '@wenku/ui';
import { api, apiClient, ApiError, errorMessage } from '../../../lib/api';
import { Page } from '../../../app/shell/page';
import { useSession } from '../../../app/session';
import { loginRedirect } from '../../../app/access';
import { meKeys } from '../../user/api';
import { categoryKeys, useCategoryTree } from '../../category/api';
import { categoryPath, type CategoryNode } from '../../category/lib';
import { documentKeys } from '../../document/api';
import { documentHref } from '../../document/lib/href';
import { languageOptions } from '../../document/lib/languages';
import { useCreditName, useSettings } from '../../settings/api';
import { useCanUploadDocument, uploadDocumentFile } from '../api';
import { itemsToStart, newItem, submitState, uploadReducer, type UploadItem } from '../state';
import { acceptOf, allowedExtensions, fileIdentity, MAX_FILES_PER_SUBMIT, maxBytesOf, validateFile } from '../validate';
import { Dropzone } from '../components/dropzone';
import { UploadItemRow } from '../components/upload-item-row';
import '../upload.css';

interface DocFields {
  title: string;
  price?: number | null;
  language?: string;
  keywords?: string;
  description?: string;
}
interface FormValues {
  category_id?: number;
  docs?: Record<string, DocFields>;
}

type TreeNode = { value: number; title: string; children: TreeNode[] };
const toTreeData = (nodes: CategoryNode[]): TreeNode[] => nodes.map((n) => ({ value: n.id, title: n.title, children: toTreeData(n.children) }));

let keySeq = 0;

/** The server refused the file itself (type, size, banned): only network trouble, time-outs and server errors are worth a retry. */
const isRetryable = (e: unknown) => !(e instanceof ApiError) || e.status >= 500 || e.status === 408 || e.status === 429 || e.status === 401;

function UploadSuccess({ docs, onMore }: { docs: TDocument[]; onMore: () => void }) {
  const review = docs.some((d) => d.status === DocumentStatus.PendingReview);
  return (
    <div className="wk-card wk-upload-success">
      <Result
        status="success"
        title={`成功提交 ${docs.length} 篇文档`}
        subTitle={review ? '文档需要管理员审核，审核通过后将自动转换并公开。' : '文档正在转换为在线阅读格式，通常几分钟内即可预览。'}
        extra={[
          <Button type="primary" key="more" onClick={onMore}>
            继续上传
          </Button>,
          <Link to="/me/document" key="mine">
            <Button>我的文档</Button>
          </Link>,
        ]}
      />
      <ul className="wk-upload-success-list">
        {docs.map((d) => (
          <li key={d.id}>
            <FileTypeIcon ext={d.ext} size={28} />
            <Link to={documentHref(d)} className="wk-upload-success-title">
              {d.title}
            </Link>
            <Tag color={d.status === DocumentStatus.PendingReview ? 'gold' : 'processing'} bordered={false}>
              {labelOf(DOCUMENT_STATUS_OPTIONS, d.status)}
            </Tag>
            <Link to={documentHref(d)}>查看</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UploadTips({ exts, maxMb, copyright }: { exts: string[]; maxMb: number; copyright: string }) {
  const groups = FILE_TYPE_OPTIONS.filter((o) => o.value !== 'other')
    .map((o) => ({ ...o, exts: (FILE_TYPE_EXTS[o.value as keyof typeof FILE_TYPE_EXTS] ?? []).filter((e) => exts.includes(e)) }))
    .filter((g) => g.exts.length > 0);
  return (
    <aside className="wk-upload-side">
      <section className="wk-card wk-side-card">
        <h3>
          <InfoCircleOutlined /> 上传须知
        </h3>
        <ul className="wk-upload-tips">
          <li>
            单个文件不超过 {maxMb} MB，一次最多提交 {MAX_FILES_PER_SUBMIT} 个文件。
          </li>
          <li>
            <ThunderboltOutlined /> 服务器已有的相同文件无需重复传输，校验后即刻完成（秒传）。
          </li>
          <li>提交后文档将转换为在线阅读格式，转换完成即可预览。</li>
          <li>
            <SafetyCertificateOutlined /> 请勿上传涉及侵权、违法或含有个人隐私的内容。
          </li>
        </ul>
      </section>
      <section className="wk-card wk-side-card">
        <h3>
          <FileProtectOutlined /> 支持的格式
        </h3>
        <ul className="wk-upload-formats">
          {groups.map((g) => (
            <li key={g.value}>
              <FileTypeIcon ext={g.exts[0]} size={22} />
              <span>{g.exts.map((e) => `.${e}`).join(' ')}</span>
            </li>
          ))}
        </ul>
      </section>
      {copyright.trim() && <HtmlContent className="wk-card wk-side-card wk-upload-copyright" html={copyright} />}
    </aside>
  );
}

function UploadForm() {
  const { security, display, language } = useSettings();
  const creditName = useCreditName();
  const exts = useMemo(() => allowedExtensions(security.document_allowed_ext), [security.document_allowed_ext]);
  const maxMb = security.max_document_size;
  const languages = useMemo(() => languageOptions(language), [language]);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [items, dispatch] = useReducer(uploadReducer, []);
  const [created, setCreated] = useState<TDocument[] | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const categories = useCategoryTree(CategoryType.Document);
  const treeData = useMemo(() => toTreeData(categories.tree), [categories.tree]);
  const state = submitState(items);
  const defaultLanguage = languages.some((l) => l.value === 'zh-cn') ? 'zh-cn' : languages[0].value;

  // abort everything in flight when leaving the page
  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((c) => c.abort());
  }, []);

  const start = useCallback((item: UploadItem) => {
    const ctrl = new AbortController();
    controllers.current.set(item.key, ctrl);
    const patch = (p: Partial<UploadItem>) => dispatch({ type: 'patch', key: item.key, patch: p });
    patch({ phase: 'hashing', hashPercent: 0, uploadPercent: 0, error: undefined });
    uploadDocumentFile(
      item.file,
      {
        onHash: (hashPercent) => patch({ hashPercent }),
        onChecking: () => patch({ phase: 'checking', hashPercent: 100 }),
        onUpload: (uploadPercent) => patch({ phase: 'uploading', uploadPercent }),
      },
      ctrl.signal,
    )
      .then(({ attachment, instant }) => patch({ phase: 'done', attachment, instant, uploadPercent: 100 }))
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        patch({ phase: 'error', error: errorMessage(e, '上传失败，请重试'), rejected: !isRetryable(e) });
      })
      .finally(() => controllers.current.delete(item.key));
  }, []);

  useEffect(() => {
    for (const it of itemsToStart(items)) start(it);
  }, [items, start]);

  const addFiles = (files: File[]) => {
    const known = new Set(items.map((it) => fileIdentity(it.file)));
    const room = MAX_FILES_PER_SUBMIT - items.filter((it) => !it.rejected).length;
    const fresh = files.filter((f) => !known.has(fileIdentity(f)));
    if (fresh.length < files.length) message.info('已跳过重复添加的文件');
    let accepted = 0;
    const next: UploadItem[] = [];
    for (const f of fresh) {
      const error = validateFile(f, { exts, maxBytes: maxBytesOf(maxMb) });
      if (!error && accepted >= room) {
        message.warning(`一次最多上传 ${MAX_FILES_PER_SUBMIT} 个文件`);
        break;
      }
      if (!error) accepted++;
      next.push(newItem(`f${++keySeq}`, f, error ?? undefined));
    }
    if (next.length) dispatch({ type: 'add', items: next });
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    dispatch({ type: 'remove', key });
  };

  const submit = useMutation({
    mutationFn: (body: RouteBody<typeof api.createDocuments>) => apiClient.call(api.createDocuments, { body }),
    onSuccess: (r) => {
      setCreated(r.document);
      dispatch({ type: 'reset' });
      form.resetFields();
      window.scrollTo(0, 0);
      void qc.invalidateQueries({ queryKey: meKeys.all });
      void qc.invalidateQueries({ queryKey: documentKeys.all });
      void qc.invalidateQueries({ queryKey: categoryKeys.list });
    },
    onError: (e) => message.error(errorMessage(e, '提交失败，请稍后重试')),
  });

  const onFinish = (values: FormValues) => {
    const ready = items.filter((it) => it.phase === 'done' && it.attachment);
    if (!ready.length || !values.category_id) return;
    const path = categoryPath(categories.list, values.category_id).map((c) => c.id);
    submit.mutate({
      category_id: path.length ? path : [values.category_id],
      document: ready.map((it) => {
        const d = values.docs?.[it.key] ?? ({ title: it.file.name } as DocFields);
        return {
          attachment_id: it.attachment!.id,
          title: d.title.trim(),
          price: Math.max(0, Math.floor(Number(d.price) || 0)),
          language: d.language || defaultLanguage,
          keywords: (d.keywords ?? '').trim(),
          description: (d.description ?? '').trim(),
        };
      }),
    });
  };

  if (created) {
    return <UploadSuccess docs={created} onMore={() => setCreated(null)} />;
  }

  const hint = `支持 PDF、Word、PPT、Excel、TXT、EPUB 等格式，单个文件不超过 ${maxMb} MB`;
  return (
    <div className="wk-upload-layout">
      <div className="wk-upload-main">
        <div className="wk-card wk-upload-card">
          <Dropzone accept={acceptOf(exts)} onFiles={addFiles} hint={hint} compact={items.length > 0} />
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark="optional" className="wk-upload-form" scrollToFirstError>
            {items.length > 0 && (
              <div className="wk-upload-list" aria-label="待上传的文档">
                {items.map((it) => (
                  <UploadItemRow
                    key={it.key}
                    item={it}
                    creditName={creditName}
                    languages={languages}
                    defaultLanguage={defaultLanguage}
                    onRemove={() => remove(it.key)}
                    onRetry={() => dispatch({ type: 'patch', key: it.key, patch: { phase: 'queued', error: undefined } })}
                  />
                ))}
              </div>
            )}
            <div className="wk-upload-submit">
              <Form.Item
                name="category_id"
                label="文档分类"
                rules={[{ required: true, message: '请选择文档分类' }]}
                extra="所有文档将归入所选分类"
                className="wk-upload-category"
              >
                <TreeSelect
                  treeData={treeData}
                  placeholder={categories.isLoading ? '分类加载中…' : '请选择文档分类'}
                  showSearch
                  treeNodeFilterProp="title"
                  treeDefaultExpandAll
                  allowClear
                  notFoundContent="暂无文档分类"
                  popupMatchSelectWidth
                />
              </Form.Item>
              <div className="wk-upload-actions">
                <span className="wk-upload-summary">
                  {items.length === 0
                    ? '请先添加要上传的文档'
                    : state.busy > 0
                      ? `正在处理 ${state.busy} 个文件，请稍候…`
                      : `${state.ready} 个文件已就绪${state.failed ? `，${state.failed} 个文件无法上传` : ''}`}
                </span>
                <Button type="primary" size="large" htmlType="submit" icon={<CheckCircleOutlined />} disabled={!state.canSubmit} loading={submit.isPending}>
                  {state.ready > 0 ? `提交 ${state.ready} 篇文档` : '提交文档'}
                </Button>
              </div>
            </div>
          </Form>
        </div>
      </div>
      <UploadTips exts={exts} maxMb={maxMb} copyright={display.copyright_statement} />
    </div>
  );
}

function UploadGate() {
  const can = useCanUploadDocument();
  if (can.isPending) {
    return (
      <div className="wk-card wk-upload-card">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (can.isError) {
    return (
      <Result
        className="wk-card"
        status="403"
        title="暂时无法上传文档"
        subTitle={errorMessage(can.error, '您当前没有上传文档的权限，如有疑问请联系管理员。')}
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    );
  }
  return <UploadForm />;
}

/** /upload (login required): several files, hashed in the browser (秒传), uploaded with progress, then submitted together. */
export default function UploadPage() {
  const token = useSession((s) => s.token);
  const creditName = useCreditName();
  if (!token) return <Navigate to={loginRedirect('/upload')} replace />;
  return (
    <Page title="上传文档" crumbs={[{ title: '上传文档' }]}>
      <div className="wk-upload-head">
        <h1>上传文档</h1>
        <p>分享知识，收获{creditName}：上传优质文档，与更多人一起学习交流。</p>
      </div>
      <UploadGate />
    </Page>
  );
}
