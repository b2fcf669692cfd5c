import { useEffect, useState } from 'react';
import { Popover, Tooltip } from 'antd';
import { CloudUploadOutlined, CustomerServiceOutlined, EditOutlined, MessageOutlined, VerticalAlignTopOutlined, WechatOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useSettings } from '../../features/settings/api';
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

/** Fixed right bar: AI对话 (when the AI features are on), post article, upload document, optional WeChat QR and contact link, back to top. */
export function RightBar() {
  const { display, system, llm } = useSettings();
  const scrolled = useScrolled();
  return (
    <aside className="wk-rightbar" aria-label="快捷操作">
      {llm.enable && (
        <Tooltip title="AI对话" placement="left">
          <Link to="/chat" className="wk-rightbar-item wk-rightbar-extra" aria-label="AI对话">
            <MessageOutlined />
          </Link>
        </Tooltip>
      )}
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
      {display.wechat_qrcode && (
        <Popover
          placement="left"
          content={
            <div className="wk-rightbar-qrcode">
              <img src={display.wechat_qrcode} alt="微信二维码" />
              {display.wechat_tip && <div>{display.wechat_tip}</div>}
            </div>
          }
        >
          <span className="wk-rightbar-item wk-rightbar-extra" aria-label={display.wechat_tip || '微信'} role="button" tabIndex={0}>
            <WechatOutlined />
          </span>
        </Popover>
      )}
      {display.contact_link && (
        <Tooltip title={display.contact_tip || '联系我们'} placement="left">
          <SmartLink href={display.contact_link} target="_blank" domain={system.domain} className="wk-rightbar-item wk-rightbar-extra">
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
