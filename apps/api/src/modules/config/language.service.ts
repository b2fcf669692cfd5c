import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { ConfigRepo } from './config.repo';
import type { ConfigService } from './config.service';

type Row = Awaited<ReturnType<ConfigRepo['insertLanguage']>>;
const toLanguage = (l: Row) => ({ id: l.id, language: l.language, code: l.code, enable: l.enable, sort: l.sort });

/** Document languages (the settings answer lists the enabled ones). */
export class LanguageService {
  constructor(
    private readonly repo: ConfigRepo,
    private readonly settings: ConfigService,
  ) {}

  async list(all: boolean) {
    const rows = (await this.repo.allLanguages()).filter((l) => all || l.enable);
    return { total: rows.length, language: rows.map(toLanguage) };
  }

  async create(body: { language: string; code: string; enable: boolean; sort: number }) {
    try {
      const row = await this.repo.insertLanguage(body);
      await this.settings.clearCache();
      return toLanguage(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('语言代码已存在');
      throw e;
    }
  }

  async update(body: { id: number; language?: string; code?: string; enable?: boolean; sort?: number }) {
    const { id, ...patch } = body;
    try {
      const row = await this.repo.updateLanguage(id, patch);
      if (!row) throw notFound('语言不存在');
      await this.settings.clearCache();
      return toLanguage(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('语言代码已存在');
      throw e;
    }
  }

  async setStatus(ids: number[], enable: boolean) {
    await this.repo.setLanguagesEnabled(ids, enable);
    await this.settings.clearCache();
  }

  async remove(ids: number[]) {
    await this.repo.deleteLanguages(ids);
    await this.settings.clearCache();
  }
}
