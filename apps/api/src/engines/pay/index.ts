/** Payment gateway adapters (WeChat Pay API v3, Alipay, Hupijiao). No routes, orders or database here. */
export {
  Alipay,
  ALIPAY_GATEWAY,
  checkAlipayNotification,
  type AlipayConfig,
  type AlipayNotification,
  type AlipayOrder,
  type ExpectedAlipayPayment,
} from './alipay';
export {
  checkHupijiaoNotification,
  Hupijiao,
  HUPIJIAO_GATEWAY,
  hupijiaoHash,
  type HupijiaoConfig,
  type HupijiaoNotification,
  type HupijiaoOrder,
} from './hupijiao';
export { loadPrivateKey, loadPublicKey } from './keys';
export { fenToYuan, PayError, yuanToFen, type PayErrorCode } from './types';
export { checkTransaction, WechatPay, WECHATPAY_API, type NativeOrder, type WechatPayConfig, type WechatPayTransaction } from './wechatpay';
