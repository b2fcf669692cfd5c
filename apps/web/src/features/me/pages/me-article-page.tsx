import { Button, Empty } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { MeSection } from '../components/me-section';

/** /me/article: articles arrive in a later release; a tidy empty list until then. */
export default function MeArticlePage() {
  return (
    <MeSection path="article">
      <Empty className="wk-me-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无文章，文章功能即将上线">
        <Link to="/post">
          <Button icon={<EditOutlined />}>发布文章</Button>
        </Link>
      </Empty>
    </MeSection>
  );
}
