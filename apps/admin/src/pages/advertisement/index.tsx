import { ProFormDateTimePicker, ProFormDependency, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { Form, Tag, Typography } from 'antd';
import { ADVERTISEMENT_POSITIONS, ADVERTISEMENT_POSITION_LABELS, type AdvertisementPosition, type TAdvertisement } from '@wenku/contracts';
import { CrudPage, EnableField, TextAreaField, crudForm, saveBoth, col, RequiredTextField } from '../../components/crud';
import { api } from '../../lib/api';
import { listRequest } from '../../lib/pro-table';
import { adTimeState, fromIso, isRangeValid, toIsoOrNull } from './dates';

/** ProTable valueEnum of the positions, labels from the contracts. */
const POSITION_VALUE_ENUM = Object.fromEntries(Object.entries(ADVERTISEMENT_POSITION_LABELS).map(([value, text]) => [value, { text }])) as Record<
  string,
  { text: string }
>;
const POSITION_OPTIONS = ADVERTISEMENT_POSITIONS.map((p) => ({ value: p, label: `${ADVERTISEMENT_POSITION_LABELS[p]}（${p}）` }));

const TIME_TAGS = {
  always: <Tag>长期有效</Tag>,
  pending: <Tag color="gold">未开始</Tag>,
  running: <Tag color="green">投放中</Tag>,
  ended: <Tag color="default">已结束</Tag>,
};

interface AdFormValues {
  position: AdvertisementPosition;
  title: string;
  content: string;
  enable: boolean;
  start_time?: unknown;
  end_time?: unknown;
  remark: string;
}

const toBody = (v: AdFormValues) => ({
  position: v.position,
  title: v.title.trim(),
  content: v.content ?? '',
  enable: !!v.enable,
  start_time: toIsoOrNull(v.start_time),
  end_time: toIsoOrNull(v.end_time),
  remark: v.remark ?? '',
});

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

const form = crudForm<TAdvertisement, AdFormValues>({
  noun: '广告',
  width: 720,
  initialValues: (r) =>
    r
      ? {
          position: r.position as AdvertisementPosition,
          title: r.title,
          content: r.content,
          enable: r.enable,
          start_time: fromIso(r.start_time),
          end_time: fromIso(r.end_time),
          remark: r.remark,
        }
      : { position: 'global_top', title: '', content: '', enable: true, remark: '' },
  ...saveBoth(api.createAdvertisement, api.updateAdvertisement, toBody),
  fields: () => (
    <>
      <ProFormSelect
        name="position"
        label="广告位置"
        options={POSITION_OPTIONS}
        showSearch
        allowClear={false}
        rules={[{ required: true, message: '请选择广告位置' }]}
      />
      <RequiredTextField name="title" label="广告名称" placeholder="便于识别的名称，不在前台显示" message="请输入广告名称" max={128} />
      <ProFormTextArea
        name="content"
        label="广告内容"
        placeholder='支持 HTML，如 <a href="https://example.com"><img src="..."></a>'
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
      <EnableField />
      <ProFormDateTimePicker name="start_time" label="开始时间" placeholder="不限" fieldProps={{ style: { width: 240 } }} />
      <ProFormDateTimePicker
        name="end_time"
        label="结束时间"
        placeholder="不限"
        fieldProps={{ style: { width: 240 } }}
        dependencies={['start_time']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              isRangeValid(getFieldValue('start_time'), value) ? Promise.resolve() : Promise.reject(new Error('结束时间不能早于开始时间')),
          }),
        ]}
      />
      <TextAreaField name="remark" label="备注" placeholder="备注（可选）" rows={[2, 4]} />
    </>
  ),
});

const timeText = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '不限');

export default function AdvertisementPage() {
  return (
    <CrudPage<TAdvertisement>
      subTitle="在网站各个位置投放的 HTML 广告，VIP 用户不展示广告"
      headerTitle="广告列表"
      request={listRequest(api.listAdvertisements, 'advertisement')}
      remove={{ route: api.deleteAdvertisement }}
      form={form}
      createText="新增广告"
      search={{ span: { xs: 24, sm: 24, md: 12, lg: 12, xl: 8, xxl: 6 } }}
      hiddenColumns={['created_at']}
      table={{ scroll: { x: 1100 } }}
      columns={(c) => [
        col.keyword('广告名称'),
        col.id(),
        {
          title: '广告名称',
          dataIndex: 'title',
          width: 180,
          ellipsis: true,
          search: false,
          render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text>,
        },
        {
          title: '广告位置',
          dataIndex: 'position',
          width: 190,
          valueType: 'select',
          valueEnum: POSITION_VALUE_ENUM,
          fieldProps: { showSearch: true, placeholder: '全部位置' },
          render: (_, row) => (
            <span>
              {ADVERTISEMENT_POSITION_LABELS[row.position as AdvertisementPosition] ?? row.position}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {row.position}
              </Typography.Text>
            </span>
          ),
        },
        col.enable((row, enable) => c.setEnable(api.updateAdvertisement, row.id, enable)),
        {
          title: '投放时间',
          key: 'time',
          width: 240,
          search: false,
          render: (_, row) => (
            <div style={{ lineHeight: 1.7 }}>
              {TIME_TAGS[adTimeState(row.start_time, row.end_time)]}
              <div style={{ fontSize: 12, color: '#8c8c8c' }}>
                {timeText(row.start_time)} 至 {timeText(row.end_time)}
              </div>
            </div>
          ),
        },
        col.text('备注', 'remark'),
        col.createdAt(),
        col.option(120, (row) => [c.editLink(row), c.deleteLink(row)]),
      ]}
    />
  );
}
