import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { CategoryType, type TCategory } from '@wenku/contracts';
import { api, client } from '../../lib/api';
import { buildTree, type TreeNode } from '../../lib/list-query';

/** Article categories (type 1), every one (the admin sees disabled ones too). */
export function useArticleCategories() {
  return useQuery({
    queryKey: ['category', 'article'],
    queryFn: ({ signal }) =>
      client.call(api.listCategories, { query: { type: [CategoryType.Article], page: 1, size: 10000 }, signal }).then((r) => r.category as TCategory[]),
    staleTime: 60_000,
  });
}

interface Option {
  title: string;
  value: number;
  children?: Option[];
}
const toOptions = (nodes: TreeNode<TCategory>[]): Option[] =>
  nodes.map((n) => ({ title: n.enable ? n.title : `${n.title}（已禁用）`, value: n.id, children: n.children?.length ? toOptions(n.children) : undefined }));

export function ArticleCategorySelect({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const cats = useArticleCategories().data;
  const tree = useMemo(() => toOptions(buildTree(cats ?? [])), [cats]);
  return (
    <TreeSelect
      value={value}
      onChange={onChange}
      treeData={tree}
      multiple
      treeDefaultExpandAll
      allowClear
      placeholder="请选择文章分类"
      style={{ width: '100%' }}
    />
  );
}

/** The public URL of an article on the site. */
export const articleUrl = (identifier: string) => `/article/${encodeURIComponent(identifier)}`;

export { runReported as run } from '../../lib/feedback';
