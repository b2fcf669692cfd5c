import { PaymentMethod, type TConfig } from '@wenku/contracts';
import { Alipay, Hupijiao, WechatPay } from '../../engines/pay';
import { AppError } from '../../lib/errors';
import type { Outbound } from '../../engines/outbound';

type Pay = TConfig<'pay'>;

const WECHAT_BASE = 'https://api.mch.weixin.qq.com';

/**
 * The adapters for the enabled gateways, built from the pay settings (and WeChat Pay's downloaded platform
 * certificates). A gateway that is switched off or missing keys is refused with a sentence the operator can act on.
 */
export class PayGateways {
  constructor(
    private readonly pay: Pay,
    /** the server's outbound client: gateway bases are typed in the settings */
    private readonly outbound: Outbound,
    private readonly certificates: readonly { serial_no: string; pem: string }[] = [],
  ) {}

  enabled(method: number): boolean {
    if (method === PaymentMethod.Wechat) return this.pay.enable_wechatpay;
    if (method === PaymentMethod.Alipay) return this.pay.enable_alipay;
    if (method === PaymentMethod.Hupijiao) return this.pay.enable_hupijiao;
    return false;
  }

  private assertEnabled(method: number, name: string) {
    if (!this.enabled(method)) throw new AppError('bad_request', `${name}未开启，请选择其他支付方式`);
  }

  wechat(): WechatPay {
    this.assertEnabled(PaymentMethod.Wechat, '微信支付');
    const p = this.pay;
    if (!p.wechatpay_appid || !p.wechatpay_mchid || !p.wechatpay_serial_no || !p.wechatpay_private_key)
      throw new AppError('unavailable', '微信支付配置不完整（AppID、商户号、证书序列号、商户私钥），请联系管理员');
    return this.wechatUnchecked();
  }

  /** The WeChat Pay adapter even without a way to verify its answers (downloading the platform certificates). */
  wechatUnchecked(): WechatPay {
    const p = this.pay;
    try {
      return new WechatPay({
        appid: p.wechatpay_appid,
        mchid: p.wechatpay_mchid,
        serialNo: p.wechatpay_serial_no,
        privateKey: p.wechatpay_private_key,
        apiV3Key: p.wechatpay_apiv3_key,
        publicKeyId: p.wechatpay_public_key_id || undefined,
        publicKey: p.wechatpay_public_key || undefined,
        certificates: this.certificates,
        apiBase: p.wechatpay_api_base && p.wechatpay_api_base !== WECHAT_BASE ? p.wechatpay_api_base : undefined,
        outbound: this.outbound,
      });
    } catch (e) {
      throw new AppError('unavailable', `微信支付配置有误：${(e as Error).message}`);
    }
  }

  alipay(): Alipay {
    this.assertEnabled(PaymentMethod.Alipay, '支付宝');
    const p = this.pay;
    if (!p.alipay_appid || !p.alipay_private_key || !p.alipay_public_key)
      throw new AppError('unavailable', '支付宝配置不完整（AppID、应用私钥、支付宝公钥），请联系管理员');
    try {
      return new Alipay({
        appId: p.alipay_appid,
        privateKey: p.alipay_private_key,
        alipayPublicKey: p.alipay_public_key,
        gateway: p.alipay_gateway,
        outbound: this.outbound,
      });
    } catch (e) {
      throw new AppError('unavailable', `支付宝配置有误：${(e as Error).message}`);
    }
  }

  hupijiao(): Hupijiao {
    this.assertEnabled(PaymentMethod.Hupijiao, '虎皮椒支付');
    const p = this.pay;
    try {
      return new Hupijiao({ appid: p.hupijiao_appid, secret: p.hupijiao_secret, gateway: p.hupijiao_gateway, outbound: this.outbound });
    } catch (e) {
      throw new AppError('unavailable', `虎皮椒配置有误：${(e as Error).message}`);
    }
  }
}
