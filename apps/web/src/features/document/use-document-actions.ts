import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { OrderType } from '@wenku/contracts/enums';
import { ErrorCode } from '@wenku/contracts/client';
import type { TRechargeSettings } from '@wenku/contracts/schemas';
import { api, apiClient, apiUrl, ApiError, errorMessage } from '../../lib/api';
import { useSession } from '../../app/session';
import { loginRedirect } from '../../app/access';
import { meKeys } from '../user/api';
import { documentKeys, type DocumentDetail } from './api';
import { settingsKeys, useCreditName, useRechargeSettings, useSettings } from '../settings/api';
import { useCreateOrder } from '../order/api';
import { onlinePayMethods, orderHref } from '../order/lib';

/** The download failed because the buyer's credits do not cover the price. */
export function isInsufficientCredits(e: unknown): boolean {
  return e instanceof ApiError && e.code === ErrorCode.InsufficientCredits;
}

/** Starts the browser's download of a signed URL without leaving the page (the server answers as an attachment). */
function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = apiUrl(url);
  a.rel = 'noopener';
  a.download = '';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Sends the visitor to log in and come back here. */
function useLoginFirst() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { message } = App.useApp();
  return (hint = '请先登录') => {
    message.info(hint);
    navigate(loginRedirect(pathname, search));
  };
}

/** Download, favourite and score on the document page. */
export function useDocumentActions(doc: DocumentDetail | undefined) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const { message, modal } = App.useApp();
  const creditName = useCreditName();
  const { enable_guest_download: guestDownload, free_download_duration: freeDownloadDays } = useSettings().download;
  const loginFirst = useLoginFirst();
  const navigate = useNavigate();
  useRechargeSettings(); // loaded now, read when a download fails (the mutation's callbacks keep the options of its start)
  const createOrder = useCreateOrder();
  const canBuyOnline = () => onlinePayMethods(qc.getQueryData<TRechargeSettings>(settingsKeys.recharge)?.pay_methods).length > 0;
  const refreshDoc = () => qc.invalidateQueries({ queryKey: documentKeys.details });

  const download = useMutation({
    mutationFn: (id: number) => apiClient.call(api.downloadDocument, { query: { id } }),
    onSuccess: (r) => {
      startDownload(r.url);
      message.success('已开始下载');
      void refreshDoc();
      void qc.invalidateQueries({ queryKey: meKeys.all });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 401) loginFirst('请登录后下载');
      else if (doc && isInsufficientCredits(e) && canBuyOnline()) offerOnlinePurchase(doc);
      else message.error(errorMessage(e, '下载失败，请稍后重试'));
    },
  });

  /** Credits fall short: buy this document online instead (POST /order, order_type 1) and pay it on the order page. */
  const buyOnline = async (d: DocumentDetail) => {
    try {
      const order = await createOrder.mutateAsync({ order_type: OrderType.BuyDocument, document_id: d.id });
      navigate(orderHref(order.order_no));
    } catch (e) {
      message.error(errorMessage(e, '订单创建失败'));
    }
  };
  const offerOnlinePurchase = (d: DocumentDetail) =>
    modal.confirm({
      title: `${creditName}不足`,
      content: `下载《${d.title}》需要 ${d.price} ${creditName}，您的${creditName}不足。可以在线购买该文档，支付成功后即可下载。`,
      okText: '在线购买',
      cancelText: '取消',
      onOk: () => buyOnline(d),
    });

  const requestDownload = () => {
    if (!doc) return;
    if (!token && !(guestDownload && doc.price <= 0)) {
      loginFirst('请登录后下载');
      return;
    }
    if (doc.price > 0 && !doc.can_download_free) {
      modal.confirm({
        title: '确认下载',
        content: `下载《${doc.title}》需要支付 ${doc.price} ${creditName}，付费后${freeDownloadDays > 0 ? ` ${freeDownloadDays} 天内` : ''}可免费重复下载。确定下载吗？`,
        okText: '确认下载',
        cancelText: '取消',
        onOk: () => download.mutateAsync(doc.id).catch(() => undefined),
      });
      return;
    }
    download.mutate(doc.id);
  };

  const favorite = useMutation({
    mutationFn: async (on: boolean) => {
      if (!doc) return;
      if (on) {
        await apiClient.call(api.createFavorite, { body: { document_id: doc.id, type: 0 } });
      } else {
        const { favorite: f } = await apiClient.call(api.getFavorite, { query: { document_id: doc.id, type: 0 } });
        if (f) await apiClient.call(api.deleteFavorite, { query: { id: [f.id] } });
      }
    },
    onSuccess: (_r, on) => {
      message.success(on ? '收藏成功' : '已取消收藏');
      void refreshDoc();
    },
    onError: (e) => message.error(errorMessage(e, '操作失败，请稍后重试')),
  });

  const toggleFavorite = () => {
    if (!doc) return;
    if (!token) return loginFirst('请登录后收藏');
    favorite.mutate(!doc.is_favorite);
  };

  const score = useMutation({
    mutationFn: (stars: number) => apiClient.call(api.setDocumentScore, { body: { document_id: doc!.id, score: stars * 100 } }),
    onSuccess: () => {
      message.success('评分成功，感谢您的评价');
      void refreshDoc();
    },
    onError: (e) => message.error(errorMessage(e, '评分失败，请稍后重试')),
  });

  const rate = (stars: number) => {
    if (!doc) return;
    if (!token) return loginFirst('请登录后评分');
    if (stars < 1 || stars > 5) return;
    score.mutate(stars);
  };

  return {
    requestDownload,
    downloading: download.isPending,
    toggleFavorite,
    favoriting: favorite.isPending,
    rate,
    scoring: score.isPending,
    loginFirst,
    loggedIn: Boolean(token),
  };
}
