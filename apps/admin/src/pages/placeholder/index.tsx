import { Link } from 'react-router-dom';
import { Button, Card, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { AdminPage } from '../../components/admin-page';

/** Pages of the route table that are not built yet. */
export default function PlaceholderPage() {
  return (
    <AdminPage>
      <Card variant="borderless">
        <Result
          icon={<ToolOutlined style={{ color: '#1677ff' }} />}
          title="功能开发中"
          subTitle="该功能正在开发中，敬请期待。"
          extra={
            <Link to="/dashboard">
              <Button type="primary">返回控制面板</Button>
            </Link>
          }
        />
      </Card>
    </AdminPage>
  );
}
