import { useEffect, useState } from 'react';
import { Popover, Tooltip } from 'antd';
import { CloudUploadOutlined, CustomerServiceOutlined, EditOutlined, VerticalAlignTopOutlined, WechatOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../features/settings/api';
import { SmartLink } from './nav-link';

function useScrolled(threshold = 300): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/** Fixed right bar: post article, upload document, optional WeChat QR and contact link, back to top. */
export function RightBar() {
  const { display, domain } = useSiteConfig();
  const scrolled = useScrolled();
  return (
    <aside className="wk-rightbar" aria-label="快捷操作">
      <Tooltip title="发布文章" placement="left">
        <Link to="/post" className="wk-rightbar-item wk-rightbar-extra" aria-label="发布文章">
          <EditOutlined />
        </Link>
      </Tooltip>
      <Tooltip title="上传文档" placement="left">
        <Link to="/upload" className="wk-rightbar-item wk-rightbar-extra" aria-label="上传文档">
          <CloudUploadOutlined />
        </Link>
      </Tooltip>
      {display.wechatQrcode && (
        <Popover
          placement="left"
          content={
            <div className="wk-rightbar-qrcode">
              <img src={display.wechatQrcode} alt="微信二维码" />
              {display.wechatTip && <div>{display.wechatTip}</div>}
            </div>
          }
        >
          <span className="wk-rightbar-item wk-rightbar-extra" aria-label={display.wechatTip || '微信'} role="button" tabIndex={0}>
            <WechatOutlined />
          </span>
        </Popover>
      )}
      {display.contactLink && (
        <Tooltip title={display.contactTip || '联系我们'} placement="left">
          <SmartLink href={display.contactLink} target="_blank" domain={domain} className="wk-rightbar-item wk-rightbar-extra">
            <CustomerServiceOutlined />
          </SmartLink>
        </Tooltip>
      )}
      <Tooltip title="回到顶部" placement="left">
        <button
          type="button"
          className={`wk-rightbar-item wk-rightbar-top${scrolled ? ' is-visible' : ''}`}
          aria-label="回到顶部"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <VerticalAlignTopOutlined />
        </button>
      </Tooltip>
    </aside>
  );
}
