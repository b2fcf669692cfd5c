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

/** A timestamp on two lines (date over time), the seconds in the tooltip: narrow enough for a wide table. */
function TimeCell({ value }: { value: string }) {
  const text = formatDateTime(value);
  return (
    <Tooltip title={formatDateTime(value, true)}>
      <span style={{ lineHeight: 1.4, whiteSpace: 'nowrap' }}>
        {text.slice(0, 10)}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {text.slice(11)}
        </Typography.Text>
      </span>
    </Tooltip>
  );
}

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
      // seven filters: the first row (keyword, status, type) shows, the rest behind 展开
      search={{ span: SEARCH_SPAN, defaultCollapsed: true }}
      table={{
        scroll: { x: 1300 },
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
        { ...col.keyword<TOrder>('订单号、标题或用户名'), order: 10 },
        { title: '用户', dataIndex: 'user_id', hideInTable: true, order: 5, renderFormItem: () => <UserSelect placeholder="搜索用户" /> },
        { ...col.dateRange<TOrder>('创建时间', 'created_at'), order: 7 },
        {
          title: '订单号',
          dataIndex: 'order_no',
          width: 190,
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
          width: 220,
          search: false,
          render: (_, row) => (row.title ? <Typography.Text ellipsis={{ tooltip: row.title }}>{row.title}</Typography.Text> : muted),
        },
        {
          title: '金额',
          dataIndex: 'amount',
          width: 100,
          align: 'right',
          search: false,
          render: (_, row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFen(row.amount)}</span>,
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 110,
          order: 9,
          valueType: 'select',
          valueEnum: toValueEnum(ORDER_STATUS_OPTIONS),
          fieldProps: { placeholder: '全部状态' },
          render: (_, row) => <OrderStatusCell order={row} />,
        },
        { title: '买家', key: 'buyer', width: 120, search: false, render: (_, row) => <Buyer order={row} /> },
        {
          title: '类型',
          dataIndex: 'order_type',
          width: 96,
          order: 8,
          valueType: 'select',
          valueEnum: toValueEnum(ORDER_TYPE_OPTIONS),
          fieldProps: { placeholder: '全部类型' },
          render: (_, row) => <OrderTypeTag value={row.order_type} />,
        },
        {
          title: '支付方式',
          dataIndex: 'payment_type',
          width: 90,
          order: 6,
          valueType: 'select',
          valueEnum: toValueEnum(PAYMENT_METHOD_OPTIONS),
          fieldProps: { placeholder: '全部' },
          render: (_, row) => <PaymentMethodText value={row.payment_type} />,
        },
        {
          title: '异常到账',
          dataIndex: 'paid_after_close',
          hideInTable: true,
          order: 4,
          valueType: 'select',
          valueEnum: { true: { text: '仅看关闭后到账' } },
          fieldProps: { placeholder: '全部' },
        },
        {
          title: '创建时间',
          key: 'created_at_cell',
          dataIndex: 'created_at',
          width: 100,
          search: false,
          render: (_, row) => <TimeCell value={row.created_at} />,
        },
        {
          title: '支付时间',
          dataIndex: 'paid_at',
          width: 100,
          search: false,
          render: (_, row) => (row.paid_at ? <TimeCell value={row.paid_at} /> : muted),
        },
        col.option(120, (row) => [
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
