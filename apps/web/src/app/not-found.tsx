import { Button } from 'antd';
import { LazyResult } from '../components/lazy-result';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from './title';

export const NOT_FOUND_MESSAGE = '404 This page could not be found';

export function NotFound() {
  useDocumentTitle('页面不存在');
  return (
    <div className="wk-error-page">
      <LazyResult
        status="404"
        title={NOT_FOUND_MESSAGE}
        subTitle="抱歉，您访问的页面不存在，可能已被删除或地址有误。"
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}
