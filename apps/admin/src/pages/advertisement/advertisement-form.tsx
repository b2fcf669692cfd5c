import { ModalForm, ProFormDateTimePicker, ProFormDependency, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import { ADVERTISEMENT_POSITIONS, ADVERTISEMENT_POSITION_LABELS, type AdvertisementPosition, type TAdvertisement } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { toast } from '../../lib/feedback';
import { fromIso, isRangeValid, toIsoOrNull } from './dates';

const POSITION_OPTIONS = ADVERTISEMENT_POSITIONS.map((p) => ({ value: p, label: `${ADVERTISEMENT_POSITION_LABELS[p]}（${p}）` }));

interface AdFormValues {
  position: AdvertisementPosition;
  title: string;
  content: string;
  enable: boolean;
  start_time?: unknown;
  end_time?: unknown;
  remark: string;
}

/** Sandboxed preview of the ad's HTML (no scripts run in the admin). */
function HtmlPreview({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <iframe
      title="广告预览"
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><style>body{margin:8px;font:14px/1.6 sans-serif}img{max-width:100%}</style>${html}`}
      style={{ width: '100%', height: 120, border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
    />
  );
}

export function AdvertisementForm({ record, onOpenChange, onSaved }: { record?: TAdvertisement; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  const initialValues: AdFormValues = record
    ? {
        position: record.position as AdvertisementPosition, title: record.title, content: record.content, enable: record.enable,
        start_time: fromIso(record.start_time), end_time: fromIso(record.end_time), remark: record.remark,
      }
    : { position: 'global_top', title: '', content: '', enable: true, remark: '' };

  return (
    <ModalForm<AdFormValues>
      title={record ? '编辑广告' : '新增广告'}
      open
      onOpenChange={onOpenChange}
      width={720}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 19 }}
      initialValues={initialValues}
      modalProps={{ mask: { closable: false } }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (v) => {
        const body = {
          position: v.position,
          title: v.title.trim(),
          content: v.content ?? '',
          enable: !!v.enable,
          start_time: toIsoOrNull(v.start_time),
          end_time: toIsoOrNull(v.end_time),
          remark: v.remark ?? '',
        };
        try {
          if (record) await client.call(api.updateAdvertisement, { body: { ...body, id: record.id } });
          else await client.call(api.createAdvertisement, { body });
          toast.success('保存成功');
          onSaved();
          return true;
        } catch (err) {
          toast.fail(err, '保存失败');
          return false;
        }
      }}
    >
      <ProFormSelect name="position" label="广告位置" options={POSITION_OPTIONS} showSearch allowClear={false} rules={[{ required: true, message: '请选择广告位置' }]} />
      <ProFormText name="title" label="广告名称" placeholder="便于识别的名称，不在前台显示" rules={[{ required: true, whitespace: true, message: '请输入广告名称' }, { max: 128 }]} />
      <ProFormTextArea
        name="content"
        label="广告内容"
        placeholder="支持 HTML，如 <a href=&quot;https://example.com&quot;><img src=&quot;...&quot;></a>"
        fieldProps={{ autoSize: { minRows: 5, maxRows: 12 }, style: { fontFamily: 'Menlo, Consolas, monospace', fontSize: 13 } }}
      />
      <ProFormDependency name={['content']}>
        {({ content }) =>
          content?.trim() ? (
            <Form.Item label="预览">
              <HtmlPreview html={content} />
            </Form.Item>
          ) : null
        }
      </ProFormDependency>
      <ProFormSwitch name="enable" label="启用" checkedChildren="启用" unCheckedChildren="禁用" />
      <ProFormDateTimePicker name="start_time" label="开始时间" placeholder="不限" fieldProps={{ style: { width: 240 } }} />
      <ProFormDateTimePicker
        name="end_time"
        label="结束时间"
        placeholder="不限"
        fieldProps={{ style: { width: 240 } }}
        dependencies={['start_time']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value) => (isRangeValid(getFieldValue('start_time'), value) ? Promise.resolve() : Promise.reject(new Error('结束时间不能早于开始时间'))),
          }),
        ]}
      />
      <ProFormTextArea name="remark" label="备注" placeholder="备注（可选）" fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }} />
    </ModalForm>
  );
}
