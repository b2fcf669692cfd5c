import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';

/** A strong confirmation for irreversible actions: the admin types a phrase before the button unlocks. */
export function TypeToConfirm({
  open,
  title,
  description,
  phrase,
  okText,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  phrase: string;
  okText: string;
  onOk: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#ff4d4f', marginInlineEnd: 8 }} />
          {title}
        </span>
      }
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: typed.trim() !== phrase, loading: busy }}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      destroyOnHidden
      onOk={async () => {
        setBusy(true);
        try {
          await onOk();
        } finally {
          setBusy(false);
        }
      }}
    >
      <div style={{ marginBottom: 12 }}>{description}</div>
      <Typography.Text>
        请输入{' '}
        <Typography.Text code strong>
          {phrase}
        </Typography.Text>{' '}
        以确认：
      </Typography.Text>
      <Input style={{ marginTop: 8 }} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder={phrase} autoFocus />
    </Modal>
  );
}
