import { ADMIN_MODULES, GRPC_METHOD, MODULE_LIST_KEYS, grpcService, type TPermission } from '@wenku/contracts';

/** Permission entries of one admin module, titled as in ADMIN_MODULES. */
export interface PermissionModuleGroup {
  module: string;
  title: string;
  /** moredoc's gRPC service of the module (`DocumentAPI`), when it has one */
  service?: string;
  items: TPermission[];
}

const MODULE_ORDER = Object.keys(ADMIN_MODULES);
const METHOD_ORDER = [GRPC_METHOD, 'GET', 'POST', 'PUT', 'DELETE'];

/** Tag colours of the entry methods: GRPC (moredoc's gRPC operations) and the HTTP verbs (Wenku's own routes). */
export const METHOD_COLORS: Record<string, string> = { [GRPC_METHOD]: 'cyan', GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red' };

const MODULE_BY_SERVICE = new Map(
  Object.entries(ADMIN_MODULES)
    .filter(([, m]) => m.service)
    .map(([k, m]) => [m.service!, k]),
);

/**
 * The module an entry belongs to: a GRPC entry's service names it (spec §6: entries are grouped by service, as
 * moredoc-web groups them), an HTTP entry carries it in `module`.
 */
export function moduleOf(p: Pick<TPermission, 'method' | 'path' | 'module'>): string {
  return MODULE_BY_SERVICE.get(grpcService(p)) ?? p.module;
}

export function moduleTitle(module: string): string {
  return ADMIN_MODULES[module]?.title ?? (module || '其他');
}

/** Whether an entry is its module's list permission (the one that unlocks the module's admin pages). */
export function isListPermission(p: Pick<TPermission, 'method' | 'path' | 'module'>): boolean {
  return MODULE_LIST_KEYS[moduleOf(p)] === `${p.method} ${p.path}`;
}

function methodRank(m: string): number {
  const i = METHOD_ORDER.indexOf(m.toUpperCase());
  return i < 0 ? METHOD_ORDER.length : i;
}

/**
 * Entries grouped by module (a GRPC entry's service, see `moduleOf`), modules in ADMIN_MODULES order (unknown ones
 * after, by name); within a module the list permission comes first, then the GRPC entries, then by path and method.
 */
export function groupPermissionsByModule(perms: readonly TPermission[]): PermissionModuleGroup[] {
  const byModule = new Map<string, TPermission[]>();
  for (const p of perms) {
    const module = moduleOf(p);
    const list = byModule.get(module) ?? [];
    list.push(p);
    byModule.set(module, list);
  }
  const rank = (m: string) => {
    const i = MODULE_ORDER.indexOf(m);
    return i < 0 ? MODULE_ORDER.length : i;
  };
  return [...byModule.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([module, items]) => ({
      module,
      title: moduleTitle(module),
      ...(ADMIN_MODULES[module]?.service ? { service: ADMIN_MODULES[module].service } : {}),
      items: [...items].sort(
        (a, b) =>
          Number(isListPermission(b)) - Number(isListPermission(a)) ||
          Number(b.method === GRPC_METHOD) - Number(a.method === GRPC_METHOD) ||
          a.path.localeCompare(b.path) ||
          methodRank(a.method) - methodRank(b.method),
      ),
    }));
}

export interface ModuleCheckState {
  checked: boolean;
  indeterminate: boolean;
  count: number;
  total: number;
}

/** The select-all checkbox of a module: all, some (indeterminate) or none of its entries chosen. */
export function moduleCheckState(group: PermissionModuleGroup, selected: ReadonlySet<number>): ModuleCheckState {
  const count = group.items.filter((p) => selected.has(p.id)).length;
  const total = group.items.length;
  return { checked: total > 0 && count === total, indeterminate: count > 0 && count < total, count, total };
}

/** Select or clear every entry of a module, keeping the rest of the selection (order kept, no duplicates). */
export function toggleModule(selected: readonly number[], group: PermissionModuleGroup, on: boolean): number[] {
  const ids = new Set(group.items.map((p) => p.id));
  const rest = selected.filter((id) => !ids.has(id));
  return on ? [...rest, ...group.items.map((p) => p.id)] : rest;
}

/**
 * Modules where something is granted but not the list permission: the group can call those APIs but
 * will not see the module's pages in the back office.
 */
export function modulesWithoutListPermission(groups: readonly PermissionModuleGroup[], selected: ReadonlySet<number>): PermissionModuleGroup[] {
  return groups.filter((g) => {
    const list = g.items.find(isListPermission);
    return !!list && !selected.has(list.id) && g.items.some((p) => selected.has(p.id));
  });
}

/** Client-side filter of the permission table: by module and by a keyword in title, path or description. */
export function filterPermissions(perms: readonly TPermission[], f: { module?: string; method?: string; wd?: string }): TPermission[] {
  const wd = f.wd?.trim().toLowerCase();
  return perms.filter(
    (p) =>
      (!f.module || moduleOf(p) === f.module) &&
      (!f.method || p.method.toUpperCase() === f.method.toUpperCase()) &&
      (!wd || p.title.toLowerCase().includes(wd) || p.path.toLowerCase().includes(wd) || (p.description ?? '').toLowerCase().includes(wd)),
  );
}

/**
 * Row spans for a module column on one page of rows: the first row of each run of the same module
 * spans the run, the others get 0 (hidden), so a page reads as groups.
 */
export function moduleRowSpans(rows: readonly Pick<TPermission, 'module'>[]): number[] {
  const spans = rows.map(() => 0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i].module !== rows[start].module) {
      spans[start] = i - start;
      start = i;
    }
  }
  return spans;
}
