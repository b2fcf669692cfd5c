import { z } from 'zod';
import { defineJob } from '../../kernel/jobs';

/** sitemap.xml and its pages, rebuilt daily at config article.sitemap_hour (site time zone). */
export const updateSitemapJob = defineJob({
  name: 'seo.update-sitemap',
  data: z.object({}),
  schedule: ({ setting }) => `23 ${Math.min(23, Math.max(0, Math.floor(Number(setting('article', 'sitemap_hour')) || 0)))} * * *`,
});
