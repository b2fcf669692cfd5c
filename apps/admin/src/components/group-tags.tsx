import { Tag, Typography } from 'antd';
import type { TGroup } from '@wenku/contracts';

/** A user's groups as coloured tags (the group's own colour); unknown ids show as 分组#id. */
export function GroupTags({ ids, groups }: { ids?: readonly number[]; groups?: readonly TGroup[] }) {
  if (!ids?.length) return <Typography.Text type="secondary">—</Typography.Text>;
  const byId = new Map((groups ?? []).map((g) => [g.id, g]));
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {ids.map((id) => {
        const g = byId.get(id);
        return (
          <Tag key={id} color={g?.color || (id === 1 ? 'red' : 'blue')} style={{ marginInlineEnd: 0 }}>
            {g?.title ?? `分组#${id}`}
          </Tag>
        );
      })}
    </span>
  );
}
