import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OrderStatus } from '@wenku/contracts/enums';
import type { TCreateOrderBody, TOrder, TPayOrderBody } from '@wenku/contracts/schemas';
import { api, apiClient } from '../../lib/api';
import { useSession } from '../../app/session';
import { meKeys } from '../user/api';
import { ORDER_POLL_LIMIT_MS, ORDER_POLL_MS } from './lib';

/**
 * Orders are the current user's data: every key starts with 'me' and holds the token, so logout (which removes
 * ['me']) and a login as someone else never show the previous person's orders.
 */
export const orderKeys = {
  all: ['me', 'order'] as const,
  detail: (token: string, orderNo: string) => ['me', 'order', 'detail', token, orderNo] as const,
  status: (token: string, orderNo: string) => ['me', 'order', 'status', token, orderNo] as const,
  mine: (token: string, page: number, size: number, status: number) => ['me', 'order', 'list', token, page, size, status] as const,
};

/** GET /order?order_no= */
export function useOrder(orderNo: string) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: orderKeys.detail(token, orderNo),
    queryFn: ({ signal }) => apiClient.call(api.getOrder, { query: { order_no: orderNo }, signal }),
    enabled: Boolean(token && orderNo),
  });
}

/**
 * GET /order/status every 2 s while the order is pending, for at most 15 minutes from `since`
 * (then the 我已支付 button still checks on demand).
 */
export function useOrderStatusPoll(orderNo: string, active: boolean, since: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: orderKeys.status(token, orderNo),
    queryFn: ({ signal }) => apiClient.call(api.getOrderStatus, { query: { order_no: orderNo }, signal }),
    enabled: Boolean(token && orderNo && active),
    refetchInterval: (q) => {
      if (q.state.data && q.state.data.status !== OrderStatus.Pending) return false;
      if (Date.now() - since > ORDER_POLL_LIMIT_MS) return false;
      return ORDER_POLL_MS;
    },
    refetchIntervalInBackground: true,
  });
}

/**
 * 我已支付: GET /order/status?check=1 — the server also asks the gateway (its notification may be late) — and the
 * answer replaces the polled status, so the page follows at once.
 */
export function useCheckPaid(orderNo: string) {
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(api.getOrderStatus, { query: { order_no: orderNo, check: true } }),
    onSuccess: (status) => qc.setQueryData(orderKeys.status(token, orderNo), status),
  });
}

/** POST /order: recharge, VIP card or a document; the answer's order_no leads to the order page. */
export function useCreateOrder() {
  return useMutation({ mutationFn: (body: TCreateOrderBody) => apiClient.call(api.createOrder, { body }) });
}

/** POST /order/pay */
export function usePayOrder() {
  return useMutation({ mutationFn: (body: TPayOrderBody) => apiClient.call(api.payOrder, { body }) });
}

/** PUT /order/close; refreshes the order, its status and the lists. */
export function useCloseOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => apiClient.call(api.closeOrder, { body: { order_no: orderNo } }),
    onSuccess: (order: TOrder) => {
      void qc.invalidateQueries({ queryKey: orderKeys.all });
      void qc.invalidateQueries({ queryKey: ['me', 'vip-order'] });
      return order;
    },
  });
}

/** After a payment: credits, VIP state, the lists and the order itself are fetched again. */
export function useRefreshAfterPaid() {
  const qc = useQueryClient();
  return useCallback(() => qc.invalidateQueries({ queryKey: meKeys.all }), [qc]);
}

/** GET /user/order; status 0 = every status. */
export function useMyOrders(page: number, size: number, status: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: orderKeys.mine(token, page, size, status),
    queryFn: ({ signal }) => apiClient.call(api.listMyOrders, { query: { page, size, ...(status ? { status: [status] } : {}) }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}
