import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { PlaceholderPage } from '../../../app/shell/page';

export default function FindPasswordMobilePage() {
  return (
    <PlaceholderPage
      title="手机号找回密码"
      description="通过手机验证码找回密码的功能正在建设中。"
      extra={
        <Link to="/login">
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
