import { describe, expect, it } from 'vitest';
import { groupTopics, referenceHref, topicHref } from './lib';
import { testChatTopic } from '../../test/fixtures';

describe('groupTopics', () => {
  it('orders topics newest first under the history labels', () => {
    const now = new Date(2026, 10, 26, 15, 0); // Thursday
    const at = (y: number, m: number, d: number) => new Date(y, m, d, 10).toISOString();
    const topics = [
      testChatTopic({ id: 1, updated_at: at(2024, 5, 1) }),
      testChatTopic({ id: 2, updated_at: at(2026, 10, 26) }),
      testChatTopic({ id: 3, updated_at: at(2026, 10, 25) }),
      testChatTopic({ id: 4, updated_at: at(2026, 10, 24) }),
      testChatTopic({ id: 5, updated_at: at(2026, 10, 23) }),
      testChatTopic({ id: 6, updated_at: at(2026, 10, 3) }),
      testChatTopic({ id: 7, updated_at: at(2026, 1, 3) }),
      testChatTopic({ id: 8, updated_at: at(2026, 10, 26) }),
    ];
    const groups = groupTopics(topics, now);
    expect(groups.map((g) => [g.label, g.topics.map((t) => t.id)])).toEqual([
      ['今天', [2, 8]],
      ['昨天', [3]],
      ['前天', [4]],
      ['本周', [5]],
      ['本月', [6]],
      ['今年', [7]],
      ['2024年', [1]],
    ]);
  });
});

describe('hrefs', () => {
  it('links topics and references', () => {
    expect(topicHref('abc')).toBe('/chat/abc');
    expect(topicHref('abc', '你 好')).toBe('/chat/abc?q=%E4%BD%A0%20%E5%A5%BD');
    expect(referenceHref({ uuid: 'd1', page: 4 })).toBe('/document/d1?page=4');
    expect(referenceHref({ uuid: 'd1', page: 0 })).toBe('/document/d1');
  });
});
