import { CategoryPage } from './index';

export default function DocumentCategoryPage() {
  return <CategoryPage type={0} />;
}
