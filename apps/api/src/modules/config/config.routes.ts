import type { Deps, RouteHandlers } from '../../kernel/module';

const ok = { ok: true };

export function configRoutes({ settings, languages }: Deps): RouteHandlers {
  return {
    getSettings: () => settings.publicSettings(),
    getRechargeSettings: () => settings.rechargeSettings(),
    listConfig: async ({ query }) => ({ config: await settings.list(query.category) }),
    updateConfig: async ({ body }) => (await settings.update(body.config), ok),

    listLanguages: ({ req, query }) => languages.list(req.permitted && query.enable !== 'true'),
    createLanguage: ({ body }) => languages.create(body),
    updateLanguage: ({ body }) => languages.update(body),
    setLanguageStatus: async ({ body }) => (await languages.setStatus(body.id, body.enable), ok),
    deleteLanguage: async ({ query }) => (await languages.remove(query.id), ok),
  };
}
