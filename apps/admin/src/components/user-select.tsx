import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Select, Space, Spin, Typography } from 'antd';
import type { TUser } from '@wenku/contracts';
import { api, client } from '../lib/api';

type Value = number | number[] | undefined;

function toIds(value: Value): number[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'number');
}

function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * Pick one or several users by searching GET /user/list?wd (username, email or mobile). Users already
 * selected are looked up by id so their names show when editing.
 */
export function UserSelect({
  value,
  onChange,
  mode,
  placeholder = '输入用户名、邮箱或手机号搜索',
  style,
  disabled,
  onPicked,
}: {
  value?: Value;
  onChange?: (v: Value) => void;
  mode?: 'multiple';
  placeholder?: string;
  style?: React.CSSProperties;
  disabled?: boolean;
  /** the full rows of the picked users (e.g. to show the current VIP expiry) */
  onPicked?: (users: TUser[]) => void;
}) {
  const [wd, setWd] = useState('');
  const keyword = useDebounced(wd.trim());
  const ids = toIds(value);

  const search = useQuery({
    queryKey: ['ref', 'users', 'search', keyword],
    queryFn: async ({ signal }) => (await client.call(api.listUsers, { query: { page: 1, size: 20, ...(keyword ? { wd: keyword } : {}) }, signal })).user,
    staleTime: 30_000,
  });
  const known = useQuery({
    queryKey: ['ref', 'users', 'ids', ids],
    queryFn: async ({ signal }) => (await client.call(api.listUsers, { query: { page: 1, size: ids.length, id: ids }, signal })).user,
    enabled: ids.length > 0,
    staleTime: 30_000,
  });

  const byId = useMemo(() => {
    const m = new Map<number, TUser>();
    for (const u of [...(known.data ?? []), ...(search.data ?? [])]) m.set(u.id, u);
    return m;
  }, [known.data, search.data]);

  useEffect(() => {
    if (!onPicked) return;
    onPicked(ids.map((id) => byId.get(id)).filter((u): u is TUser => !!u));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids.join(','), byId]);

  const options = [...byId.values()].map((u) => ({ value: u.id, label: `${u.username}（ID ${u.id}）`, user: u }));

  return (
    <Select
      mode={mode}
      value={value as never}
      onChange={(v) => {
        setWd('');
        onChange?.(v as Value);
      }}
      showSearch={{ filterOption: false, onSearch: setWd, searchValue: wd }}
      onBlur={() => setWd('')}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      options={options}
      maxTagCount="responsive"
      notFoundContent={search.isFetching ? <Spin size="small" /> : '没有找到用户'}
      optionRender={(opt) => {
        const u = (opt.data as { user: TUser }).user;
        return (
          <Space size={8}>
            <Avatar size={20} src={u.avatar || undefined} style={{ backgroundColor: '#1677ff', fontSize: 12 }}>
              {u.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <span>{u.username}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              ID {u.id}
              {u.mobile ? ` · ${u.mobile}` : u.email ? ` · ${u.email}` : ''}
            </Typography.Text>
          </Space>
        );
      }}
    />
  );
}
