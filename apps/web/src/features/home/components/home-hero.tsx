import { useState } from 'react';
import { Segmented } from 'antd';
import { SearchInput } from '../../../components/search-input';
import { FireOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useSettings, useSiteName } from '../../settings/api';
import { recommendWords } from '../../search/lib/recommend-words';
import { searchUrl, useSearchBox } from '../../../app/shell/header-search';

/** The home page's big search box with the site's recommended words. */
export function HomeHero({ totalDocuments }: { totalDocuments: number }) {
  const { system, display } = useSettings();
  const sitename = useSiteName();
  const words = recommendWords(system.recommend_words);
  const [type, setType] = useState<0 | 1>(0);
  const box = useSearchBox(type);
  return (
    <section className="wk-hero">
      <div className="wk-hero-inner wk-container">
        <h1 className="wk-hero-title">{sitename}</h1>
        <p className="wk-hero-subtitle">{system.description || '海量文档资料，在线阅读与下载'}</p>
        <div className="wk-hero-search">
          <Segmented
            className="wk-hero-type"
            value={type}
            onChange={(v) => setType(v as 0 | 1)}
            options={[
              { label: '文档', value: 0 },
              { label: '文章', value: 1 },
            ]}
          />
          <SearchInput
            size="large"
            placeholder={type === 1 ? '搜索文章标题、关键词' : '搜索文档标题、关键词，如：论文、报告、教案'}
            enterButton="搜 索"
            aria-label={type === 1 ? '搜索文章' : '搜索文档'}
            {...box}
          />
        </div>
        {words.length > 0 && (
          <div className="wk-hero-words">
            <span className="wk-hero-words-label">
              <FireOutlined /> 热门搜索：
            </span>
            {words.map((w) => (
              <Link key={w} to={searchUrl(w, type) ?? '/search'}>
                {w}
              </Link>
            ))}
          </div>
        )}
        {display.show_document_count && totalDocuments > 0 && (
          <p className="wk-hero-stats">
            已收录 <strong>{totalDocuments.toLocaleString('zh-CN')}</strong> 篇优质文档
          </p>
        )}
      </div>
    </section>
  );
}
