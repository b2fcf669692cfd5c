import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { logout } from './api';

/** Logs out (DELETE /user/logout, then everything local is cleared) and returns home. */
export function useLogout(): () => Promise<void> {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useCallback(async () => {
    await logout(qc);
    message.success('退出成功');
    navigate('/');
  }, [qc, navigate, message]);
}
