import { describe, expect, it } from 'vitest';
import { documentHref } from './href';
import { articleHref } from '../../article/lib/href';

describe('page links', () => {
  it('a document links by its uuid', () => {
    expect(documentHref({ uuid: 'abcdef0123456789' })).toBe('/document/abcdef0123456789');
  });
  it('an article links by its identifier, else its id', () => {
    expect(articleHref({ identifier: 'quantum', id: 5 })).toBe('/article/quantum');
    expect(articleHref({ identifier: '欧拉 公式', id: 5 })).toBe(`/article/${encodeURIComponent('欧拉 公式')}`);
    expect(articleHref({ identifier: '', id: 5 })).toBe('/article/5');
  });
});
