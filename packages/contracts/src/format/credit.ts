export const DEFAULT_CREDIT_NAME = '积分';

/** Settings that may carry the credit name: recharge settings (`credit_name`) or site settings (`system.credit_name`). */
export interface TCreditNameSource {
  credit_name?: unknown;
  system?: { credit_name?: unknown } | null;
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The configured credit name, or 积分 when none is set (spec §9). */
export function creditName(settings?: TCreditNameSource | null): string {
  return nonBlank(settings?.credit_name) ?? nonBlank(settings?.system?.credit_name) ?? DEFAULT_CREDIT_NAME;
}

/** Daily sign-in success message, word for word from spec §8: 签到成功，获得 {n} {credit name or 积分}奖励. */
export function signInSuccessMessage(award: number, name?: string | null): string {
  return `签到成功，获得 ${award} ${nonBlank(name) ?? DEFAULT_CREDIT_NAME}奖励`;
}
