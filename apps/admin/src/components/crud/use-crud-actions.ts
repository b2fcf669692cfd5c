import type { Key } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CallInput, RouteDef } from '@wenku/contracts';
import { client } from '../../lib/api';
import { toast } from '../../lib/feedback';

export interface RunOptions {
  /** shown when the call succeeds */
  success?: string;
  /** shown when the API's error has no message */
  error?: string;
}

/** A contract call made ready but not sent (what a form's submit returns). */
export interface PreparedCall {
  route: RouteDef;
  input: CallInput<RouteDef>;
}

/** `call(api.updateGroup, { body })`: the input typed by the route. */
export function call<R extends RouteDef>(route: R, input: CallInput<R>): PreparedCall {
  return { route, input: input as CallInput<RouteDef> };
}

interface Call extends PreparedCall {
  opts: RunOptions;
}

export interface CrudActionsOptions {
  /** called after every successful call (the table's reload) */
  onSuccess?: () => void;
  /** react-query keys whose data a change makes stale (reference lists other pages share) */
  invalidate?: readonly QueryKey[];
  /** the contract's delete route: `DELETE ?id=..&id=..` */
  remove?: RouteDef;
}

export interface CrudActions {
  /** Calls a contract route; resolves true on success, false after the one error toast. */
  run: <R extends RouteDef>(route: R, input: CallInput<R>, opts?: RunOptions) => Promise<boolean>;
  /** Deletes rows by id through the `remove` route (删除成功 / the API's message). */
  remove: (ids: readonly Key[]) => Promise<boolean>;
  /** `enable` of one row through an update route taking `{ id, enable }` (已启用 / 已禁用). */
  setEnable: (route: RouteDef, id: Key, enable: boolean) => Promise<boolean>;
  pending: boolean;
}

/**
 * Every write of a CRUD page: one react-query mutation that calls the contract route, shows the success message or
 * one error toast, then reloads the table and invalidates the shared queries.
 */
export function useCrudActions({ onSuccess, invalidate = [], remove }: CrudActionsOptions = {}): CrudActions {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ route, input }: Call) => client.call(route, input),
    onSuccess: (_data, { opts }) => {
      if (opts.success) toast.success(opts.success);
      onSuccess?.();
      for (const queryKey of invalidate) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err, { opts }) => {
      toast.fail(err, opts.error);
    },
  });

  const run = async <R extends RouteDef>(route: R, input: CallInput<R>, opts: RunOptions = {}): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ route, input: input as CallInput<RouteDef>, opts });
      return true;
    } catch {
      return false;
    }
  };

  return {
    run,
    remove: async (ids) => {
      if (!remove) throw new Error('useCrudActions: no delete route');
      return run(remove, { query: { id: ids.map(Number) } }, { success: '删除成功', error: '删除失败' });
    },
    setEnable: (route, id, enable) => run(route, { body: { id: Number(id), enable } }, { success: enable ? '已启用' : '已禁用' }),
    pending: mutation.isPending,
  };
}
