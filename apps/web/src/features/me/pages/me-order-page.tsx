import { useState } from 'react';
import { Button, Empty, Tooltip } from 'antd';
import { CrownOutlined, PayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useCreditName, useRechargeSettings, useSettings } from '../../settings/api';
import { RechargeModal } from '../../order/components/recharge-modal';
import { MeSection } from '../components/me-section';

/** /me/order: orders (recharge, documents, VIP) arrive with payments; until then an empty list and the way to recharge. */
export default function MeOrderPage() {
  const recharge = useRechargeSettings();
  const { vip } = useSettings();
  const creditName = useCreditName();
  const [open, setOpen] = useState(false);
  const rechargeEnabled = Boolean(recharge.data?.enable);
  const rechargeButton = (
    <Button type="primary" icon={<PayCircleOutlined />} disabled={!rechargeEnabled} onClick={() => setOpen(true)}>
      {creditName}充值
    </Button>
  );
  return (
    <MeSection path="order">
      <Empty className="wk-me-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无订单">
        <div style={{ display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>
          {rechargeEnabled ? rechargeButton : <Tooltip title={`网站暂未开启${creditName}充值`}>{rechargeButton}</Tooltip>}
          {vip.enable && (
            <Link to="/joinvip">
              <Button icon={<CrownOutlined />}>开通VIP</Button>
            </Link>
          )}
        </div>
      </Empty>
      <RechargeModal open={open} onClose={() => setOpen(false)} />
    </MeSection>
  );
}
