import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { TCategory } from '@wenku/contracts';
import { buildTree, type TreeNode } from '../lib/list-query';
import { useDocumentCategories } from '../lib/queries';

interface TreeOption {
  title: string;
  value: number;
  children?: TreeOption[];
}

function toOptions(nodes: TreeNode<TCategory>[]): TreeOption[] {
  return nodes.map((n) => ({
    title: n.enable ? n.title : `${n.title}（已禁用）`,
    value: n.id,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));
}

/** Document categories (type 0) as a tree; several may be chosen unless `single`. */
export function CategoryTreeSelect({
  value,
  onChange,
  single,
  placeholder = '请选择文档分类',
  style,
}: {
  value?: number[] | number;
  onChange?: (v: number[] | number | undefined) => void;
  single?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}) {
  const cats = useDocumentCategories();
  const treeData = useMemo(() => toOptions(buildTree(cats.data ?? [])), [cats.data]);
  return (
    <TreeSelect
      value={value as never}
      onChange={(v) => onChange?.(v as never)}
      treeData={treeData}
      multiple={!single}
      treeDefaultExpandAll
      allowClear
      loading={cats.isPending}
      showSearch={{ treeNodeFilterProp: 'title' }}
      maxTagCount="responsive"
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
    />
  );
}

/** Category ids → their titles, in the given order (unknown ids are skipped). */
export function categoryTitles(ids: readonly number[], categories: readonly TCategory[] | undefined): { id: number; title: string }[] {
  const byId = new Map((categories ?? []).map((c) => [c.id, c.title]));
  return ids.flatMap((id) => (byId.has(id) ? [{ id, title: byId.get(id)! }] : []));
}
