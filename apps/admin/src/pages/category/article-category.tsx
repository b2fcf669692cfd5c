import { CategoryPage } from './index';

export default function ArticleCategoryPage() {
  return <CategoryPage type={1} />;
}
