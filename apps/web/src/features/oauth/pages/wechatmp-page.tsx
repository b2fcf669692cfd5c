import { PlaceholderPage } from '../../../app/shell/page';

/** /oauth/wechatmp: mini-program scan login. */
export default function WechatMpPage() {
  return <PlaceholderPage title="小程序扫码登录" description="微信小程序扫码登录正在建设中。" />;
}
