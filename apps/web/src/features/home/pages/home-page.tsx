import { Tag } from 'antd';
import { AppstoreOutlined, ReadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { CategoryType, type AdvertisementPosition } from '@wenku/contracts/enums';
import { useDocumentTitle } from '../../../app/title';
import { useCategoryTree } from '../../category/api';
import { articleCategoryHref } from '../../category/lib';
import { CategoryCards } from '../../category/components/category-cards';
import { AdSlot } from '../../advertisement/components/ad-slot';
import { usePositionAds } from '../../advertisement/api';
import { HomeHero } from '../components/home-hero';
import { BannerArea } from '../components/banner-area';
import { WelcomeCard } from '../components/welcome-card';
import { HomeDocuments } from '../components/home-documents';
import { HomeSection } from '../components/home-section';

const HOME_AD_POSITIONS: AdvertisementPosition[] = ['index_banner_bottom', 'index_category_top', 'index_category_bottom', 'index_link_top'];

export default function HomePage() {
  useDocumentTitle();
  const docs = useCategoryTree(CategoryType.Document);
  const articles = useCategoryTree(CategoryType.Article);
  const ads = usePositionAds(HOME_AD_POSITIONS).data;
  const total = docs.tree.reduce((sum, c) => sum + c.doc_count, 0);

  return (
    <div className="wk-home">
      <HomeHero totalDocuments={total} />
      <div className="wk-container wk-home-body">
        <div className="wk-home-top">
          <BannerArea />
          <WelcomeCard />
        </div>
        <AdSlot position="index_banner_bottom" ads={ads} />

        <AdSlot position="index_category_top" ads={ads} />
        <HomeSection icon={<AppstoreOutlined />} title="文档分类" more={<Link to="/category">全部分类</Link>}>
          <CategoryCards tree={docs.tree} />
        </HomeSection>
        <AdSlot position="index_category_bottom" ads={ads} />
        <HomeDocuments />

        {articles.tree.length > 0 && (
          <HomeSection icon={<ReadOutlined />} title="文章资讯" more={<Link to="/article">更多文章</Link>}>
            <div className="wk-card wk-tag-cloud">
              {articles.list.map((c) => (
                <Link key={c.id} to={articleCategoryHref(c.id)}>
                  <Tag color="blue" bordered={false}>
                    {c.title}
                  </Tag>
                </Link>
              ))}
            </div>
          </HomeSection>
        )}
        <AdSlot position="index_link_top" ads={ads} />
      </div>
    </div>
  );
}
