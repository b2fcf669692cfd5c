import { useEffect, useState } from 'react';
import { Input, Segmented } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page, PlaceholderCard } from '../../../app/shell/page';
import { searchUrl } from '../../../app/shell/header-search';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';

/** /search?wd={keyword}&type={0 document|1 article} */
export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const wd = params.get('wd')?.trim() ?? '';
  const type: 0 | 1 = params.get('type') === '1' ? 1 : 0;
  const [value, setValue] = useState(wd);
  const ads = usePositionAds(['search_top', 'search_bottom', 'search_right']).data;
  useEffect(() => setValue(wd), [wd]);

  const go = (keyword: string, t: 0 | 1) => {
    const url = searchUrl(keyword, t);
    if (url) navigate(url);
  };

  return (
    <Page title={wd ? `${wd} - 搜索` : '搜索'}>
      <div className="wk-card wk-search-box">
        <Segmented
          value={type}
          onChange={(v) => (wd ? go(wd, v as 0 | 1) : navigate(`/search?type=${v}`))}
          options={[
            { label: '文档', value: 0 },
            { label: '文章', value: 1 },
          ]}
        />
        <Input.Search
          size="large"
          enterButton="搜 索"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={type === 1 ? '搜索文章' : '搜索文档'}
          onSearch={(text, _e, info) => info?.source !== 'clear' && go(text, type)}
        />
      </div>
      <AdSlot position="search_top" ads={ads} />
      <div className="wk-search-layout">
        <div className="wk-search-results">
          <PlaceholderCard
            title={wd ? `“${wd}” 的${type === 1 ? '文章' : '文档'}搜索结果即将上线` : '输入关键词开始搜索'}
            description="中文全文检索正在建设中，敬请期待。"
          />
        </div>
        <AdSlot position="search_right" ads={ads} className="wk-search-right" />
      </div>
      <AdSlot position="search_bottom" ads={ads} />
    </Page>
  );
}
