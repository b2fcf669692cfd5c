import { ProForm, ProFormDigit, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { MAX_SPIDER_DEPTH, MAX_SPIDER_URLS } from '@wenku/contracts';
import { api } from '../../lib/api';
import { useLanguages } from '../../lib/queries';
import { AdminModalForm, call } from '../../components/crud';
import { CategoryTreeSelect } from '../../components/category-tree-select';
import { UserSelect } from '../../components/user-select';
import { firstBadUrl, splitUrls } from './lib';

interface Values {
  url: string;
  category_id: number[];
  user_id?: number;
  price?: number;
  language?: string;
  pattern?: string;
  depth?: number;
  auto_publish?: boolean;
}

/** 添加采集网址: start URLs one per line, where their documents go, and how deep to look. */
export function AddUrlForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const languages = useLanguages();
  return (
    <AdminModalForm<Values>
      title="添加采集网址"
      labelSpan={5}
      width={680}
      submitText="开始采集"
      success="已加入采集队列"
      error="添加失败"
      initialValues={{ price: 0, depth: 1, auto_publish: false, language: 'zh-cn' }}
      modalProps={{ onCancel: onClose }}
      onOpenChange={(open) => !open && onClose()}
      onSaved={() => {
        onSaved();
        onClose();
      }}
      submit={(v) =>
        call(api.createSpiderUrls, {
          body: {
            url: splitUrls(v.url),
            category_id: v.category_id,
            user_id: v.user_id,
            price: v.price ?? 0,
            language: v.language ?? 'zh-cn',
            pattern: v.pattern?.trim() ?? '',
            depth: v.depth ?? 1,
            auto_publish: !!v.auto_publish,
          },
        })
      }
    >
      <ProFormTextArea
        name="url"
        label="网址"
        fieldProps={{ rows: 5, placeholder: '一行一个，http:// 或 https:// 开头的列表页或文档地址' }}
        rules={[
          { required: true, message: '请输入网址' },
          {
            validator: async (_r: unknown, value: string | undefined) => {
              const urls = splitUrls(value ?? '');
              if (urls.length > MAX_SPIDER_URLS) throw new Error(`一次最多添加 ${MAX_SPIDER_URLS} 个网址`);
              const bad = firstBadUrl(urls);
              if (bad) throw new Error(`不是 http(s) 网址：${bad.slice(0, 80)}`);
            },
          },
        ]}
      />
      <ProForm.Item name="category_id" label="文档分类" rules={[{ required: true, message: '请选择分类' }]}>
        <CategoryTreeSelect />
      </ProForm.Item>
      <ProForm.Item name="user_id" label="上传用户" extra="发布后的文档属于这个用户；不选则为当前管理员">
        <UserSelect placeholder="不选则为当前管理员" />
      </ProForm.Item>
      <ProFormDigit name="price" label="价格" min={0} max={1_000_000} fieldProps={{ precision: 0 }} />
      <ProFormSelect
        name="language"
        label="语言"
        options={(languages.data ?? []).map((l) => ({ value: l.code, label: l.language }))}
        fieldProps={{ loading: languages.isPending, showSearch: true }}
      />
      <ProFormText
        name="pattern"
        label="链接规则"
        placeholder="如 *.pdf、https://example.com/docs/**，或正则 /report-\d+\.pdf$/"
        extra="只采集匹配的文档链接；留空则采集所有文档链接"
      />
      <ProFormDigit
        name="depth"
        label="采集深度"
        min={0}
        max={MAX_SPIDER_DEPTH}
        fieldProps={{ precision: 0 }}
        extra="0：只看这个页面上的文档链接；1：再进入它链接的同站列表页一层，依此类推"
      />
      <ProFormSwitch name="auto_publish" label="自动发布" extra="下载完成后直接发布为文档（否则在「采集文档」里手动发布）" />
    </AdminModalForm>
  );
}
