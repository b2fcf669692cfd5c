import { useState } from 'react';
import { Button, Popconfirm, Tooltip, Typography } from 'antd';
import { PlusCircleOutlined } from '@ant-design/icons';
import { ORDER_STATUS_OPTIONS, ORDER_TYPE_OPTIONS, PAYMENT_METHOD_OPTIONS, toValueEnum, type TOrder, type TOrderList } from '@wenku/contracts';
import { CrudPage, col, muted } from '../../components/crud';
import { useAdminSession } from '../../app/session';
import { UserSelect } from '../../components/user-select';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { formatFen } from '../../lib/money';
import { SEARCH_SPAN, listRequest } from '../../lib/pro-table';
import { OrderDrawer } from './order-drawer';
import { SystemRechargeForm } from './system-recharge-form';
import { OrderTotalsBar } from './totals-bar';
import { Buyer, OrderStatusCell, OrderTypeTag, PaymentMethodText, isClosed, isPending } from './shared';

/** GET /order/list: every order with filters, the filtered totals above the table, details, close and delete. */
export default function OrderPage() {
  const credit = useAdminSession().settings?.system?.credit_name;
  const creditName = typeof credit === 'string' && credit ? credit : '积分';
  const [totals, setTotals] = useState<TOrderList['totals']>();
  const [detail, setDetail] = useState<string | null>(null);
  const [recharging, setRecharging] = useState(false);

  return (
    <CrudPage<TOrder>
      subTitle="积分充值、VIP 与文档购买订单；待支付订单超时后自动关闭，已关闭的订单可以删除"
      headerTitle="订单列表"
      request={listRequest(api.listOrders, 'order', { onResponse: (res) => setTotals(res.totals) })}
      remove={{
        route: api.deleteOrders,
        batchTitle: (n) => `确定删除选中的 ${n} 个订单吗？`,
        batchDescription: '只能删除已关闭的订单，删除后不可恢复。',
      }}
      search={{ span: SEARCH_SPAN }}
      table={{
        scroll: { x: 1320 },
        pagination: { defaultPageSize: 10, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] },
        rowSelection: { getCheckboxProps: (row) => ({ disabled: !isClosed(row) }) },
        tableExtraRender: () => <OrderTotalsBar totals={totals} />,
      }}
      toolbar={() => [
        <Button key="recharge" type="primary" icon={<PlusCircleOutlined />} onClick={() => setRecharging(true)}>
          系统充值
        </Button>,
      ]}
      columns={(c) => [
        col.keyword('订单号、标题或用户名'),
        { title: '用户', dataIndex: 'user_id', hideInTable: true, renderFormItem: () => <UserSelect placeholder="搜索用户" /> },
        col.dateRange<TOrder>('创建时间', 'created_at'),
        {
          title: '订单号',
          dataIndex: 'order_no',
          width: 200,
          search: false,
          render: (_, row) => (
            <Typography.Text
              copyable={{ text: row.order_no, tooltips: ['复制订单号', '已复制'] }}
              style={{ fontFamily: 'Menlo, Consolas, monospace', fontSize: 12 }}
            >
              {row.order_no}
            </Typography.Text>
          ),
        },
        {
          title: '标题',
          dataIndex: 'title',
          search: false,
          render: (_, row) => (row.title ? <Typography.Text ellipsis={{ tooltip: row.title }}>{row.title}</Typography.Text> : muted),
        },
        { title: '买家', key: 'buyer', width: 130, search: false, render: (_, row) => <Buyer order={row} /> },
        {
          title: '类型',
          dataIndex: 'order_type',
          width: 100,
          valueType: 'select',
          valueEnum: toValueEnum(ORDER_TYPE_OPTIONS),
          fieldProps: { placeholder: '全部类型' },
          render: (_, row) => <OrderTypeTag value={row.order_type} />,
        },
        {
          title: '金额',
          dataIndex: 'amount',
          width: 110,
          align: 'right',
          search: false,
          render: (_, row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFen(row.amount)}</span>,
        },
        {
          title: '支付方式',
          dataIndex: 'payment_type',
          width: 100,
          valueType: 'select',
          valueEnum: toValueEnum(PAYMENT_METHOD_OPTIONS),
          fieldProps: { placeholder: '全部' },
          render: (_, row) => <PaymentMethodText value={row.payment_type} />,
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 120,
          valueType: 'select',
          valueEnum: toValueEnum(ORDER_STATUS_OPTIONS),
          fieldProps: { placeholder: '全部状态' },
          render: (_, row) => <OrderStatusCell order={row} />,
        },
        {
          title: '异常到账',
          dataIndex: 'paid_after_close',
          hideInTable: true,
          valueType: 'select',
          valueEnum: { true: { text: '仅看关闭后到账' } },
          fieldProps: { placeholder: '全部' },
        },
        {
          title: '创建时间',
          key: 'created_at_cell',
          dataIndex: 'created_at',
          width: 150,
          search: false,
          render: (_, row) => <Tooltip title={formatDateTime(row.created_at, true)}>{formatDateTime(row.created_at)}</Tooltip>,
        },
        {
          title: '支付时间',
          dataIndex: 'paid_at',
          width: 150,
          search: false,
          render: (_, row) => (row.paid_at ? <Tooltip title={formatDateTime(row.paid_at, true)}>{formatDateTime(row.paid_at)}</Tooltip> : muted),
        },
        col.option(130, (row) => [
          <a key="detail" onClick={() => setDetail(row.order_no)}>
            详情
          </a>,
          isPending(row) ? (
            <Popconfirm
              key="close"
              title="确定关闭该订单吗？"
              description="关闭后用户不能再支付这笔订单。"
              okText="关闭订单"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => c.run(api.closeOrder, { body: { order_no: row.order_no } }, { success: '订单已关闭', error: '关闭失败' })}
            >
              <Typography.Link type="warning">关闭</Typography.Link>
            </Popconfirm>
          ) : null,
          isClosed(row) ? c.deleteLink(row, '删除后不可恢复。') : null,
        ]),
      ]}
    >
      {(c) => (
        <>
          {detail && <OrderDrawer orderNo={detail} creditName={creditName} onClose={() => setDetail(null)} />}
          {recharging && <SystemRechargeForm creditName={creditName} onOpenChange={(open) => !open && setRecharging(false)} onSaved={c.reload} />}
        </>
      )}
    </CrudPage>
  );
}
