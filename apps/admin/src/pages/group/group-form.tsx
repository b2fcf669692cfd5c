import { ProForm, ProFormDigit, ProFormSwitch, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Divider, Row } from 'antd';
import type { TGroup } from '@wenku/contracts';
import { HexColorInput } from '../../components/hex-color-input';
import { crudForm, saveBoth, RequiredTextField } from '../../components/crud';
import { api } from '../../lib/api';
import { GROUP_FLAGS, groupFormInitial, toGroupBody, type GroupFormValues } from './form-values';

const FLAG_TIPS: Partial<Record<string, string>> = {
  enable_document_review: '同时属于多个分组时，只有所有分组都要求审核才需要审核',
  is_default: '新注册的用户自动加入默认分组',
  is_display: '在前台用户主页上展示该分组名称',
};

export const groupForm = crudForm<TGroup, GroupFormValues>({
  title: (record) => (record ? `编辑用户组：${record.title}` : '新增用户组'),
  width: 680,
  initialValues: (record) => groupFormInitial(record),
  ...saveBoth(api.createGroup, api.updateGroup, toGroupBody),
  fields: () => (
    <>
      <RequiredTextField name="title" label="名称" message="请输入分组名称" max={64} />
      <ProForm.Item name="color" label="颜色">
        <HexColorInput />
      </ProForm.Item>
      <ProFormDigit name="sort" label="排序" tooltip="数值越大越靠前" min={0} fieldProps={{ precision: 0, style: { width: 160 } }} />
      <ProFormTextArea
        name="description"
        label="描述"
        placeholder="分组描述（可选）"
        fieldProps={{ autoSize: { minRows: 2, maxRows: 4 }, maxLength: 255, showCount: true }}
      />
      <Divider titlePlacement="start" plain style={{ margin: '8px 0 16px' }}>
        分组权益
      </Divider>
      <Row>
        {GROUP_FLAGS.map((f) => (
          <Col span={12} key={f.name}>
            <ProFormSwitch
              name={f.name}
              label={f.label}
              tooltip={FLAG_TIPS[f.name]}
              labelCol={{ span: 10 }}
              wrapperCol={{ span: 12 }}
              checkedChildren="是"
              unCheckedChildren="否"
            />
          </Col>
        ))}
      </Row>
    </>
  ),
});
