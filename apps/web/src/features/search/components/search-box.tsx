import { useEffect, useState } from 'react';
import { Segmented } from 'antd';
import { SearchInput } from '../../../components/search-input';
import { FileTextOutlined, ReadOutlined } from '@ant-design/icons';
import { MAX_KEYWORD_LENGTH, type SearchType } from '../lib/search-params';

export interface SearchBoxProps {
  wd: string;
  type: SearchType;
  /** a non-empty keyword (spec §5: an empty one does nothing) */
  onSearch: (wd: string, type: SearchType) => void;
  /** the 文档/文章 switch; with a keyword it searches again at once */
  onTypeChange: (type: SearchType) => void;
  compact?: boolean;
}

/** The search page's own box: a 文档/文章 switch over a large input that shows the current keyword. */
export function SearchBox({ wd, type, onSearch, onTypeChange, compact }: SearchBoxProps) {
  const [value, setValue] = useState(wd);
  // back/forward and header searches change the URL: the box follows it
  useEffect(() => setValue(wd), [wd]);
  return (
    <div className={['wk-card', 'wk-search-hero', compact ? 'is-compact' : ''].filter(Boolean).join(' ')} role="search">
      <Segmented<SearchType>
        className="wk-search-type"
        value={type}
        onChange={onTypeChange}
        options={[
          { label: '文档', value: 0, icon: <FileTextOutlined /> },
          { label: '文章', value: 1, icon: <ReadOutlined /> },
        ]}
      />
      <SearchInput
        className="wk-search-input"
        size="large"
        enterButton="搜 索"
        allowClear
        maxLength={MAX_KEYWORD_LENGTH}
        value={value}
        aria-label={type === 1 ? '搜索文章' : '搜索文档'}
        placeholder={type === 1 ? '搜索文章标题、内容' : '搜索文档标题、关键词、正文'}
        onChange={(e) => setValue(e.target.value)}
        onSearch={(text, _e, info) => {
          if (info?.source === 'clear') return;
          const keyword = text.trim();
          if (keyword) onSearch(keyword, type);
        }}
      />
    </div>
  );
}
