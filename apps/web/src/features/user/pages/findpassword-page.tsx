import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { PlaceholderPage } from '../../../app/shell/page';

export default function FindPasswordPage() {
  return (
    <PlaceholderPage
      title="找回密码"
      description="通过邮箱找回密码的功能正在建设中，如需帮助请联系网站管理员。"
      extra={
        <Link to="/login">
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
