import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { STORAGE_KEYS } from '@wenku/contracts/constants';
import { storage } from '../lib/storage';
import { isUnauthorized } from '../lib/api';
import { useSettingsQuery, useRechargeSettings } from '../features/settings/api';
import { useCategoriesQuery } from '../features/category/api';
import { useNavigationQuery } from '../features/navigation/api';
import { useGlobalAds } from '../features/advertisement/api';
import { useCurrentUserQuery, useGroupsQuery, usePermissionsQuery } from '../features/user/api';
import { session, useSession } from './session';

/** Reports an error once per failure (not on every render). */
function useErrorMessage(errorAt: number, isError: boolean, text: string) {
  const { message } = App.useApp();
  const shown = useRef(0);
  useEffect(() => {
    if (isError && errorAt && shown.current !== errorAt) {
      shown.current = errorAt;
      message.error(text);
    }
  }, [isError, errorAt, text, message]);
}

/**
 * Startup (spec §4): categories, settings, navigation, global ads and recharge settings; when logged in also the user,
 * permissions and groups. Keeps the saved local state (user, category, setting) in step with what was loaded.
 */
export function useStartup() {
  const token = useSession((s) => s.token);

  const settings = useSettingsQuery();
  const categories = useCategoriesQuery();
  useNavigationQuery();
  useGlobalAds();
  useRechargeSettings();

  const user = useCurrentUserQuery(token);
  const permissions = usePermissionsQuery(token);
  const groups = useGroupsQuery(token);

  useErrorMessage(settings.errorUpdatedAt, settings.isError, '查询系统设置失败');
  useErrorMessage(permissions.errorUpdatedAt, permissions.isError && !isUnauthorized(permissions.error), '获取权限失败');

  useEffect(() => {
    if (settings.data && settings.dataUpdatedAt > 0) storage.setJson(STORAGE_KEYS.setting, settings.data);
  }, [settings.data, settings.dataUpdatedAt]);
  useEffect(() => {
    if (categories.data && categories.dataUpdatedAt > 0) storage.setJson(STORAGE_KEYS.category, categories.data);
  }, [categories.data, categories.dataUpdatedAt]);

  useEffect(() => {
    if (user.data && token && session.getState().token === token) session.setUser(user.data);
  }, [user.data, token]);
  useEffect(() => {
    // the token was revoked or expired: the session is over
    if (isUnauthorized(user.error) && session.getState().token === token) session.clear();
  }, [user.error, token]);
  useEffect(() => {
    if (permissions.data && session.getState().token === token) session.setPermissions(permissions.data);
  }, [permissions.data, token]);
  useEffect(() => {
    if (groups.data && session.getState().token === token) session.setGroups(groups.data);
  }, [groups.data, token]);

  // Log in/out in another tab: refresh the token from storage when the window regains focus.
  useEffect(() => {
    const sync = () => session.syncFromStorage();
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.token) sync();
    };
    window.addEventListener('focus', sync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('focus', sync);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return {
    // isFetched stays true while a failed query is retried (its status goes back to pending): the shell must not
    // flip back to the spinner and remount every page on each retry
    settingsReady: settings.data !== undefined || settings.isFetched,
    permissionsReady: !token || permissions.data !== undefined || permissions.isFetched,
    // read from the query, not the store: the store catches up one effect later and a guard must not act on the gap
    hasPermissions: Boolean(token && permissions.data && permissions.data.length > 0),
  };
}
