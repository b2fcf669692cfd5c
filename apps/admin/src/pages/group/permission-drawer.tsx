import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Drawer, Empty, Input, Result, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { SafetyCertificateOutlined, SearchOutlined } from '@ant-design/icons';
import type { TGroup, TPermission } from '@wenku/contracts';
import { api, client, errorMessage } from '../../lib/api';
import { toast } from '../../lib/feedback';
import {
  METHOD_COLORS,
  filterPermissions,
  groupPermissionsByModule,
  isListPermission,
  moduleCheckState,
  modulesWithoutListPermission,
  toggleModule,
} from '../../lib/permissions';
import { SUPER_GROUP_ID } from './form-values';

export function MethodTag({ method }: { method: string }) {
  return (
    <Tag
      color={METHOD_COLORS[method.toUpperCase()] ?? 'default'}
      style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 11, minWidth: 54, textAlign: 'center', marginInlineEnd: 0 }}
    >
      {method.toUpperCase()}
    </Tag>
  );
}

function PermissionItem({ p }: { p: TPermission }) {
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.4, minWidth: 0 }}>
      <span>
        {p.title}
        {isListPermission(p) && (
          <Tooltip title="拥有该权限才能在后台菜单中看到此模块的页面">
            <Tag color="purple" style={{ marginInlineStart: 6, fontSize: 11 }}>
              页面入口
            </Tag>
          </Tooltip>
        )}
      </span>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <MethodTag method={p.method} />
        <Typography.Text type="secondary" style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12 }}>
          {p.path}
        </Typography.Text>
      </span>
    </span>
  );
}

/** Grant permission entries to a group: GET /permission/list + GET/PUT /group/permission, grouped by module. */
export function PermissionDrawer({ group, onClose }: { group: TGroup; onClose: () => void }) {
  const isSuper = group.id === SUPER_GROUP_ID;
  const all = useQuery({
    queryKey: ['permission', 'all'],
    queryFn: async ({ signal }) => (await client.call(api.listPermissions, { query: { page: 1, size: 1000 }, signal })).permission,
  });
  const granted = useQuery({
    queryKey: ['group', 'permission', group.id],
    queryFn: ({ signal }) => client.call(api.getGroupPermission, { query: { id: group.id }, signal }),
    enabled: !isSuper,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [wd, setWd] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isSuper) setSelected((all.data ?? []).map((p) => p.id));
    else if (granted.data) setSelected(granted.data.permission_id);
  }, [isSuper, all.data, granted.data]);

  const groups = useMemo(() => groupPermissionsByModule(all.data ?? []), [all.data]);
  const shown = useMemo(() => groupPermissionsByModule(filterPermissions(all.data ?? [], { wd })), [all.data, wd]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const missing = modulesWithoutListPermission(groups, selectedSet);
  const loading = all.isPending || (!isSuper && granted.isPending);
  const error = all.error ?? granted.error;

  const save = async () => {
    setSaving(true);
    try {
      await client.call(api.setGroupPermission, { body: { group_id: group.id, permission_id: selected } });
      toast.success('保存成功');
      onClose();
    } catch (err) {
      toast.fail(err, '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={820}
      title={
        <Space>
          <SafetyCertificateOutlined />
          {`设置权限：${group.title}`}
        </Space>
      }
      extra={
        !isSuper && !loading && !error ? (
          <Typography.Text type="secondary">
            已选 {selected.length} / {all.data?.length ?? 0} 项
          </Typography.Text>
        ) : null
      }
      footer={
        isSuper ? null : (
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={saving} disabled={loading || !!error} onClick={save}>
              保存
            </Button>
          </Space>
        )
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : error ? (
        <Result status="error" title="加载权限失败" subTitle={errorMessage(error)} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {isSuper ? (
            <Alert
              type="success"
              showIcon
              title="超级管理员组拥有全部权限"
              description="该分组始终拥有所有后台权限（包括以后新增的权限），无需也不能单独设置。"
            />
          ) : (
            <>
              <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                <Input
                  allowClear
                  prefix={<SearchOutlined />}
                  placeholder="搜索权限名称或接口路径"
                  value={wd}
                  onChange={(e) => setWd(e.target.value)}
                  style={{ width: 300 }}
                />
                <Space>
                  <Button size="small" autoInsertSpace={false} onClick={() => setSelected((all.data ?? []).map((p) => p.id))}>
                    全选
                  </Button>
                  <Button size="small" autoInsertSpace={false} onClick={() => setSelected([])}>
                    清空
                  </Button>
                </Space>
              </Space>
              {missing.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  title={`「${missing.map((g) => g.title).join('」「')}」未勾选页面入口权限`}
                  description="该分组的用户可以调用这些接口，但在后台菜单中看不到对应页面。"
                />
              )}
            </>
          )}
          {shown.length === 0 && <Empty description="没有匹配的权限" />}
          {shown.map((g) => {
            const state = moduleCheckState(g, selectedSet);
            return (
              <Card
                key={g.module}
                size="small"
                title={
                  <Checkbox
                    checked={state.checked}
                    indeterminate={state.indeterminate}
                    disabled={isSuper}
                    onChange={(e) => setSelected((cur) => toggleModule(cur, g, e.target.checked))}
                  >
                    <Typography.Text strong>{g.title}</Typography.Text>
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontWeight: 'normal', fontSize: 12 }}>
                      {g.service ?? g.module} · {state.count}/{state.total}
                    </Typography.Text>
                  </Checkbox>
                }
                styles={{ body: { padding: '12px 16px' } }}
              >
                <Row gutter={[16, 12]}>
                  {g.items.map((p) => (
                    <Col span={12} key={p.id}>
                      <Checkbox
                        checked={selectedSet.has(p.id)}
                        disabled={isSuper}
                        onChange={(e) => setSelected((cur) => (e.target.checked ? [...cur, p.id] : cur.filter((id) => id !== p.id)))}
                      >
                        <PermissionItem p={p} />
                      </Checkbox>
                    </Col>
                  ))}
                </Row>
              </Card>
            );
          })}
        </Space>
      )}
    </Drawer>
  );
}
