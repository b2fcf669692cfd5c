import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FooterToolbar, ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Alert, Card, Col, Form, Result, Skeleton, Typography } from 'antd';
import { CONFIG_SECTIONS, type TConfigItem } from '@wenku/contracts';
import { AdminPage } from '../../components/admin-page';
import { api, client, errorMessage } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { queryKeys } from '../../app/session';
import { ImageUrlInput } from '../../components/image-url-input';
import { EmailTestButton } from './email-test';
import { PayTestCard } from './pay-test-card';
import { ReindexCard } from './reindex-card';
import { TextLayerCard } from './text-layer-card';
import { EnginesCard } from './engines-card';
import { SECRET_MASK, formValuesToConfig, isWideInput, itemsToFormValues, type ConfigFormValues } from './form-values';

const SECTION_TIPS: Partial<Record<string, string>> = {
  security: '关闭网站或开启“登录后才能访问”后，没有权限的访客将被引导到登录页，请谨慎操作。',
  footer: '底部链接可填写站内路径（如 /article/about）或完整网址，留空则不显示。',
  display: '展示设置影响网站前台的显示内容，保存后刷新前台即可生效。',
  pay: '密钥类配置出于安全考虑不回显，不修改则保持原值。',
  oauth: '密钥类配置出于安全考虑不回显，不修改则保持原值。',
  ocr: '启用后，转换完成的 PDF、CBZ 文档中没有文字层的扫描页（有图片且文字少于设定字数）会被识别成文字，可被搜索和 AI 问答引用。识别语言用 + 连接，如 chi_sim+eng；内置 tesseract.js 只带 chi_sim、eng，其他语言请安装原生 tesseract 及语言包。',
  converter: '转换在后台队列中进行：超时的转换记为失败并可重新转换；页数超过上限的文档不转换。上方为本服务器检测到的转换引擎（只读）。',
  llm: '这里是网站的默认大模型（AI 对话、AI 搜索与文档问答默认使用它）及对话的额度与参数；更多模型可在 AI 管理 → 大模型中添加。API Key 不回显，不修改则保持原值。',
};

function ConfigField({ item }: { item: TConfigItem }) {
  const colProps = isWideInput(item.input_type) ? { span: 24 } : { xs: 24, md: 12 };
  const placeholder = item.placeholder || undefined;
  // the field's help sentence (from the section's definition) under the input
  const common = { name: item.name, label: item.label, colProps, extra: item.help || undefined };
  switch (item.input_type) {
    case 'switch':
      return <ProFormSwitch {...common} checkedChildren="开" unCheckedChildren="关" />;
    case 'number':
      return <ProFormDigit {...common} placeholder={placeholder ?? `请输入${item.label}`} fieldProps={{ precision: undefined, style: { width: '100%' } }} />;
    case 'select':
      return <ProFormSelect {...common} options={item.option_list} placeholder={placeholder ?? `请选择${item.label}`} allowClear={false} />;
    case 'select-multi':
      return (
        <ProFormSelect
          {...common}
          mode="multiple"
          options={item.option_list}
          placeholder={placeholder ?? '不选表示不限制'}
          fieldProps={{ maxTagCount: 'responsive' }}
        />
      );
    case 'tags':
      // free words: typed and added with Enter, or pasted as comma-separated text (split into words)
      return (
        <ProFormSelect
          {...common}
          mode="tags"
          placeholder={placeholder ?? `请输入${item.label}`}
          fieldProps={{ tokenSeparators: [',', '，'], open: false, suffixIcon: null }}
        />
      );
    case 'password':
      return (
        <ProFormText.Password
          {...common}
          placeholder={placeholder ?? '未设置'}
          extra={item.value === SECRET_MASK ? '已设置。出于安全考虑不显示原值，不修改则保持原值。' : common.extra}
          fieldProps={{ autoComplete: 'new-password' }}
        />
      );
    case 'textarea':
      return <ProFormTextArea {...common} placeholder={placeholder ?? `请输入${item.label}`} fieldProps={{ autoSize: { minRows: 3, maxRows: 10 } }} />;
    case 'html':
      return (
        <ProFormTextArea
          {...common}
          placeholder={placeholder ?? '支持 HTML'}
          extra="支持 HTML 代码"
          fieldProps={{ autoSize: { minRows: 4, maxRows: 14 }, style: { fontFamily: 'Menlo, Consolas, monospace', fontSize: 13 } }}
        />
      );
    case 'image':
      // ProForm.Item is not a grid field: it needs its own column.
      return (
        <Col xs={24} md={12}>
          <ProForm.Item name={item.name} label={item.label} extra={common.extra}>
            <ImageUrlInput placeholder={placeholder} />
          </ProForm.Item>
        </Col>
      );
    default:
      return <ProFormText {...common} placeholder={placeholder ?? `请输入${item.label}`} />;
  }
}

/** The generated form; its initial values are taken once, later reloads update the fields. */
function ConfigForm({ category, items }: { category: string; items: TConfigItem[] }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConfigFormValues>();
  const [saving, setSaving] = useState(false);
  const values = useMemo(() => itemsToFormValues(items), [items]);
  const [initialValues] = useState(values);

  useEffect(() => {
    form.setFieldsValue(values);
  }, [form, values]);

  const onFinish = async (edited: ConfigFormValues) => {
    setSaving(true);
    try {
      await client.call(api.updateConfig, { body: { config: formValuesToConfig(category, items, edited) } });
      toast.success('保存成功');
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['config', category] }), queryClient.invalidateQueries({ queryKey: queryKeys.settings })]);
      return true;
    } catch (err) {
      toast.fail(err, '保存失败');
      return false;
    } finally {
      setSaving(false);
    }
  };

  return (
    <ProForm<ConfigFormValues>
      form={form}
      layout="vertical"
      grid
      rowProps={{ gutter: [32, 0] }}
      initialValues={initialValues}
      onFinish={onFinish}
      onReset={() => form.setFieldsValue(values)}
      submitter={{
        searchConfig: { submitText: '保存设置', resetText: '重置' },
        submitButtonProps: { loading: saving },
        render: (_, dom) => <FooterToolbar>{dom}</FooterToolbar>,
      }}
    >
      {items.map((item) => (
        <ConfigField key={item.name} item={item} />
      ))}
    </ProForm>
  );
}

/**
 * One generic page for every settings section: GET /config/list?category=<cat> → a form generated
 * from the items → PUT /config.
 */
export default function ConfigPage() {
  const { pathname } = useLocation();
  const category = pathname.split('/').filter(Boolean).pop() ?? '';
  const section = (CONFIG_SECTIONS as Record<string, { title: string } | undefined>)[category];
  const query = useQuery({
    queryKey: ['config', category],
    queryFn: ({ signal }) => client.call(api.listConfig, { query: { category: [category] }, signal }),
    enabled: !!section,
  });
  const items = useMemo(() => [...(query.data?.config ?? [])].filter((i) => i.category === category).sort((a, b) => a.sort - b.sort), [query.data, category]);
  if (!section) {
    return (
      <AdminPage title="系统配置">
        <Card variant="borderless">
          <Result status="404" title="没有这个配置分类" />
        </Card>
      </AdminPage>
    );
  }

  const tip = SECTION_TIPS[category];
  return (
    <AdminPage title={section.title} extra={category === 'email' ? <EmailTestButton /> : undefined}>
      {category === 'search' && <ReindexCard />}
      {category === 'converter' && <TextLayerCard />}
      {category === 'pay' && <PayTestCard />}
      {(category === 'ocr' || category === 'converter') && <EnginesCard category={category} />}
      <Card variant="borderless">
        {tip && <Alert type="info" showIcon title={tip} style={{ marginBottom: 24 }} />}
        {category === 'ocr' && (
          <Typography.Paragraph>
            识别进度与失败原因见 <Link to="/document/ocr">文档管理 → OCR 识别</Link>。
          </Typography.Paragraph>
        )}
        {query.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : query.isError ? (
          <Result status="error" title="加载配置失败" subTitle={errorMessage(query.error)} />
        ) : items.length === 0 ? (
          <Result status="info" title="该分类暂无配置项" />
        ) : (
          <ConfigForm category={category} items={items} />
        )}
      </Card>
      {/* room for the fixed footer toolbar, so the last field is never hidden behind it */}
      <div style={{ height: 56 }} />
    </AdminPage>
  );
}
