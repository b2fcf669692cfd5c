import { useState } from 'react';
import { Input } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';

/** 1 (articles) on article pages and on an article search, else 0 (documents). */
export function searchTypeFor(pathname: string, search = ''): 0 | 1 {
  if (pathname === '/article' || pathname.startsWith('/article/')) return 1;
  if (pathname === '/search') return new URLSearchParams(search).get('type') === '1' ? 1 : 0;
  return 0;
}

export function searchPlaceholder(type: 0 | 1): string {
  return type === 1 ? '搜索文章' : '搜索文档';
}

/** `/search?wd=...&type=0|1`, or null for an empty keyword (spec §5: search proceeds only if non-empty). */
export function searchUrl(keyword: string, type: 0 | 1): string | null {
  const wd = keyword.trim();
  if (!wd) return null;
  return `/search?wd=${encodeURIComponent(wd)}&type=${type}`;
}

export interface HeaderSearchProps {
  className?: string;
  size?: 'middle' | 'large';
  /** called after a search was started (the drawer closes itself) */
  onSearched?: () => void;
  enterButton?: boolean | string;
}

/** The header's search box: placeholder by route, empty keyword does nothing, the box clears after searching. */
export function HeaderSearch({ className, size = 'middle', onSearched, enterButton }: HeaderSearchProps) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const type = searchTypeFor(pathname, search);
  return (
    <Input.Search
      className={className}
      size={size}
      value={value}
      allowClear
      enterButton={enterButton}
      placeholder={searchPlaceholder(type)}
      aria-label={searchPlaceholder(type)}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(text, _e, info) => {
        if (info?.source === 'clear') return;
        const url = searchUrl(text, type);
        if (!url) return;
        setValue('');
        navigate(url);
        onSearched?.();
      }}
    />
  );
}
