import { Button } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../../app/shell/page';

/** /oauth/{type}: the OAuth provider returns here. */
export default function OauthPage() {
  const { type } = useParams();
  return (
    <PlaceholderPage
      title="第三方登录"
      description={`${type ? `「${type}」` : ''}第三方账号登录正在建设中，请先使用账号密码登录。`}
      extra={
        <Link to="/login">
          <Button type="primary">账号密码登录</Button>
        </Link>
      }
    />
  );
}
