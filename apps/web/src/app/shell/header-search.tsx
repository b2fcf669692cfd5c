import { useState } from 'react';
import { SearchInput } from '../../components/search-input';
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

/**
 * A search box that goes to `/search?wd=...&type=...`: the clear button and an empty keyword do nothing, and the box
 * empties once the search has started. Spread the answer onto an antd Input.Search.
 */
export function useSearchBox(type: 0 | 1, onSearched?: () => void) {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  return {
    value,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
    onSearch: (text: string, _e?: unknown, info?: { source?: 'clear' | 'input' }) => {
      if (info?.source === 'clear') return;
      const url = searchUrl(text, type);
      if (!url) return;
      setValue('');
      navigate(url);
      onSearched?.();
    },
  };
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
  const { pathname, search } = useLocation();
  const type = searchTypeFor(pathname, search);
  const box = useSearchBox(type, onSearched);
  return (
    <SearchInput
      className={className}
      size={size}
      allowClear
      enterButton={enterButton}
      placeholder={searchPlaceholder(type)}
      aria-label={searchPlaceholder(type)}
      {...box}
    />
  );
}
