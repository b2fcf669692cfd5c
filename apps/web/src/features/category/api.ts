import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_TREE_QUERY, STORAGE_KEYS } from '@wenku/contracts/constants';
import type { TCategory } from '@wenku/contracts/schemas';
import { api, apiClient } from '../../lib/api';
import { storage } from '../../lib/storage';
import { useSettings } from '../settings/api';
import { buildCategoryTree, normalizeCategory, visibleCategories, type CategoryNode } from './lib';

export const categoryKeys = { list: ['category', 'list'] as const };

/** Every category of both types (GET /category/list with selected fields and both type filters; the route warms it). */
export function useCategoriesQuery() {
  return useQuery({
    queryKey: categoryKeys.list,
    queryFn: ({ signal }) =>
      apiClient
        .call(api.listCategories, {
          query: CATEGORY_TREE_QUERY,
          signal,
        })
        .then((r) => r.category.map(normalizeCategory)),
    initialData: () => storage.getJson<TCategory[]>(STORAGE_KEYS.category) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    // shared by many components: a failure is reported once, not refetched by every component that mounts
    retryOnMount: false,
  });
}

/** Visible categories of one type, flat and as a tree. */
export function useCategoryTree(type: number): { list: TCategory[]; tree: CategoryNode[]; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = useCategoriesQuery();
  const hideEmpty = useSettings().display.hide_category_without_document;
  return useMemo(() => {
    const list = visibleCategories(data, type, hideEmpty);
    return { list, tree: buildCategoryTree(list), isLoading, isError: isError && !data };
  }, [data, type, hideEmpty, isLoading, isError]);
}
