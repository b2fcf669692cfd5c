import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { TAuthResult } from '@wenku/contracts/schemas';
import { establishSession } from './api';

/**
 * What every way in does after the server said yes (password, mobile, OAuth, scan): store user and token, load
 * permissions and groups (spec §4), say so, and go on to `to`.
 */
export function useAuthSuccess(): (result: TAuthResult, successText: string, to: string) => Promise<void> {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return useCallback(
    async (result, successText, to) => {
      const { permissionsFailed } = await establishSession(qc, result);
      if (permissionsFailed) message.error('获取权限失败');
      message.success(successText);
      navigate(to, { replace: true });
    },
    [qc, navigate, message],
  );
}
