import { useQuery } from '@tanstack/react-query';
import { ZCategory, type TCategory, type TGroup } from '@wenku/contracts';
import { api, client } from './api';
import type { ListItem } from './pro-table';

/** Reference lists several pages share (group names, document categories, languages), cached by react-query. */
export const refKeys = {
  groups: ['ref', 'groups'] as const,
  docCategories: ['ref', 'categories', 0] as const,
  languages: ['ref', 'languages'] as const,
};

export type TLanguageRow = ListItem<typeof api.listLanguages, 'language'>;

export function useGroups() {
  return useQuery({
    queryKey: refKeys.groups,
    queryFn: async ({ signal }): Promise<TGroup[]> => (await client.call(api.listGroups, { query: {}, signal })).group,
    staleTime: 60_000,
  });
}

/** Every document category (type 0), enabled or not: the admin files documents anywhere. */
export function useDocumentCategories() {
  return useQuery({
    queryKey: refKeys.docCategories,
    queryFn: async ({ signal }): Promise<TCategory[]> => {
      const res = await client.call(api.listCategories, { query: { type: [0], page: 1, size: 10000 }, signal });
      return res.category.map((c) => {
        const parsed = ZCategory.safeParse(c);
        return parsed.success ? parsed.data : (c as TCategory);
      });
    },
    staleTime: 60_000,
  });
}

/** All languages (the admin holds the language list permission, so disabled ones come too). */
export function useLanguages() {
  return useQuery({
    queryKey: refKeys.languages,
    queryFn: async ({ signal }): Promise<TLanguageRow[]> => (await client.call(api.listLanguages, { query: {}, signal })).language,
    staleTime: 60_000,
  });
}
