// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ApiError, api, client } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { installDomShims, slow } from '../../test/dom';
import { PayTestCard } from './pay-test-card';

beforeAll(installDomShims);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PayTestCard', () => {
  it('shows a green result for a gateway that answered and a red one for a gateway that did not', async () => {
    const call = vi.spyOn(client, 'call').mockImplementation(async (route, input) => {
      if (route !== api.testPayGateway) throw new Error('unexpected');
      const type = (input as { body: { payment_type: number } }).body.payment_type;
      return (
        type === 1 ? { ok: true, message: '订单不存在（签名校验通过）', latency_ms: 123.4 } : { ok: false, message: '应用私钥格式不正确', latency_ms: 8 }
      ) as never;
    });
    render(<PayTestCard />);
    fireEvent.click(screen.getByText('测试微信支付'));
    const ok = await screen.findByText('微信支付：连接正常（123 ms）', {}, slow);
    expect(call).toHaveBeenCalledWith(api.testPayGateway, { body: { payment_type: 1 } });
    expect(ok.closest('.ant-alert-success')).toBeTruthy();
    expect(screen.getByText('订单不存在（签名校验通过）')).toBeTruthy();

    fireEvent.click(screen.getByText('测试支付宝'));
    const failed = await screen.findByText('支付宝：连接失败（8 ms）', {}, slow);
    expect(call).toHaveBeenCalledWith(api.testPayGateway, { body: { payment_type: 2 } });
    expect(failed.closest('.ant-alert-error')).toBeTruthy();
    expect(screen.getByText('应用私钥格式不正确')).toBeTruthy();
  });

  it('shows the API error of a call that failed as a red result', async () => {
    vi.spyOn(client, 'call').mockRejectedValue(new ApiError(400, '虎皮椒未启用'));
    render(<PayTestCard />);
    fireEvent.click(screen.getByText('测试虎皮椒'));
    const failed = await screen.findByText('虎皮椒：测试失败', {}, slow);
    expect(failed.closest('.ant-alert-error')).toBeTruthy();
    expect(screen.getByText('虎皮椒未启用')).toBeTruthy();
  });

  it('downloads the platform certificates and lists their serial numbers and expiry', async () => {
    const call = vi.spyOn(client, 'call').mockResolvedValue({
      mode: 'certificate',
      certificates: [{ serial_no: '5157F09EFDC096DE15EBE81A47057A72', effective_time: '2026-01-01T00:00:00+08:00', expire_time: '2031-01-01T00:00:00+08:00' }],
    } as never);
    render(<PayTestCard />);
    fireEvent.click(screen.getByText('下载平台证书'));
    expect(await screen.findByText('5157F09EFDC096DE15EBE81A47057A72', {}, slow)).toBeTruthy();
    expect(call).toHaveBeenCalledWith(api.getWechatpayCert);
    expect(screen.getByText('平台证书')).toBeTruthy();
    // in the admin's local time
    expect(screen.getByText(formatDateTime('2031-01-01T00:00:00+08:00', true))).toBeTruthy();
  });
});
