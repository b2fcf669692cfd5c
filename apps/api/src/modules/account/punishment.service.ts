import { PUNISHMENT_TYPE_OPTIONS, PunishmentType, type TPunishment } from '@wenku/contracts';
import { AppError, notFound } from '../../lib/errors';
import type { Caches, TtlCache } from '../../lib/cache';
import type { PunishmentRepo } from './punishment.repo';
import type { UserService } from '../user/user.service';
import type { EventBus } from '../../kernel/events';

type Row = Awaited<ReturnType<PunishmentRepo['findPunishment']>> & object;

const MESSAGES: Record<number, string> = {
  [PunishmentType.DisableAccount]: '您的账号已被禁用',
  [PunishmentType.NoComment]: '您已被禁止评论',
  [PunishmentType.NoUpload]: '您已被禁止上传文档',
  [PunishmentType.NoDownload]: '您已被禁止下载文档',
  [PunishmentType.NoFavorite]: '您已被禁止收藏',
  [PunishmentType.NoArticle]: '您已被禁止发布文章',
};

export function toPunishment(p: Row, username = ''): TPunishment {
  return {
    id: p.id,
    user_id: p.userId,
    username,
    type: p.type,
    enable: p.enable,
    reason: p.reason,
    remark: p.remark,
    start_time: p.startTime.toISOString(),
    end_time: p.endTime ? p.endTime.toISOString() : null,
    operators: p.operators,
    created_at: p.createdAt.toISOString(),
  };
}

export class PunishmentService {
  /** shared with the other API processes by the module (index.ts) */
  readonly cache: TtlCache<number[]>;
  constructor(
    private readonly repo: PunishmentRepo,
    private readonly users: Pick<UserService, 'byIds' | 'actor' | 'assertCanManage' | 'revokeTokens'>,
    private readonly events: EventBus,
    caches: Caches,
  ) {
    this.cache = caches.cache('punishments', { ttlMs: 3000, maxEntries: 10_000 });
  }

  /** A disabled account, or one enabled again: what the public sees of the users may change (`user.changed`). */
  private async accountsSwitched(ids: number[]) {
    if (ids.length) await this.events.emit('user.changed', { ids: [...new Set(ids)] });
  }

  activeTypes(userId: number): Promise<number[]> {
    return this.cache.get(String(userId), () => this.repo.activePunishmentTypes(userId));
  }

  /**
   * Refuses an action when the user has a matching active punishment. A disabled account is refused every
   * guarded action (moredoc's rule), and login too.
   */
  async assertAllowed(userId: number, type: number): Promise<void> {
    const active = await this.activeTypes(userId);
    if (active.includes(PunishmentType.DisableAccount)) throw new AppError('forbidden', MESSAGES[PunishmentType.DisableAccount]);
    if (active.includes(type)) {
      const reason = MESSAGES[type] ?? `受到处罚：${PUNISHMENT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type}`;
      throw new AppError('forbidden', reason);
    }
  }

  async create(
    input: { user_id: number[]; type: number[]; enable: boolean; end_time?: string | null; reason: string; remark: string },
    operator: { id: number; username: string },
  ) {
    const at = new Date().toISOString();
    const rows = input.user_id.flatMap((userId) =>
      input.type.map((type) => ({
        userId,
        type,
        enable: input.enable,
        reason: input.reason,
        remark: input.remark,
        endTime: input.end_time ? new Date(input.end_time) : null,
        operators: [{ user_id: operator.id, username: operator.username, action: 'create', at }],
      })),
    );
    const users = await this.users.byIds(input.user_id);
    if (users.length !== new Set(input.user_id).size) throw new AppError('bad_request', '用户不存在');
    if (input.user_id.includes(1)) throw new AppError('bad_request', '不能处罚超级管理员');
    // disabling an account holding more than the operator would lock out whoever could take the operator's powers back
    const actor = await this.users.actor(operator.id);
    for (const id of new Set(input.user_id)) await this.users.assertCanManage(actor, id, '处罚');
    await this.repo.insertPunishments(rows);
    await this.cache.clear();
    // a disabled account is logged out everywhere at once
    if (input.enable && input.type.includes(PunishmentType.DisableAccount)) {
      for (const id of new Set(input.user_id)) await this.users.revokeTokens(id);
      await this.accountsSwitched(input.user_id);
    }
  }

  async update(
    input: { id: number; enable?: boolean; end_time?: string | null; reason?: string; remark?: string },
    operator: { id: number; username: string },
  ) {
    const cur = await this.repo.findPunishment(input.id);
    if (!cur) throw notFound('处罚记录不存在');
    // an update may enable or extend the punishment: the same rule as creating it
    await this.users.assertCanManage(await this.users.actor(operator.id), cur.userId, '处罚');
    const row = await this.repo.updatePunishment(input.id, {
      enable: input.enable,
      reason: input.reason,
      remark: input.remark,
      endTime: input.end_time === undefined ? undefined : input.end_time ? new Date(input.end_time) : null,
      operators: [...cur.operators, { user_id: operator.id, username: operator.username, action: 'update', at: new Date().toISOString() }],
    });
    await this.cache.clear();
    if (row.enable && row.type === PunishmentType.DisableAccount) await this.users.revokeTokens(row.userId);
    if (row.type === PunishmentType.DisableAccount) await this.accountsSwitched([row.userId]);
    return toPunishment(row);
  }

  async cancel(ids: number[], operator: { id: number; username: string }) {
    const rows = await this.repo.punishmentsByIds(ids);
    for (const p of rows) {
      await this.repo.updatePunishment(p.id, {
        enable: false,
        operators: [...p.operators, { user_id: operator.id, username: operator.username, action: 'cancel', at: new Date().toISOString() }],
      });
    }
    await this.cache.clear();
    await this.accountsSwitched(rows.filter((p) => p.type === PunishmentType.DisableAccount).map((p) => p.userId));
  }

  async get(id: number) {
    const p = await this.repo.findPunishment(id);
    if (!p) throw notFound('处罚记录不存在');
    return toPunishment(p);
  }

  async list(q: Parameters<PunishmentRepo['listPunishments']>[0]) {
    const { rows, total } = await this.repo.listPunishments(q);
    // the punished users' names come from their owner (a deleted account's name is '')
    const names = new Map((await this.users.byIds([...new Set(rows.map((p) => p.userId))])).map((u) => [u.id, u.username]));
    return { total, punishment: rows.map((p) => toPunishment(p, names.get(p.userId) ?? '')) };
  }
}
