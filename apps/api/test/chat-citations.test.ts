import { describe, expect, it } from 'vitest';
import { CitationFilter, cleanCitations } from '../src/modules/chat/chat.citations';
import { ragPrompt } from '../src/modules/chat/answers';

describe('citation marks', () => {
  it('keeps marks that cite a reference and drops invented ones', () => {
    expect(cleanCitations('软件包用 debuild 构建[1]，签名见 [3][2]。', 2)).toBe('软件包用 debuild 构建[1]，签名见 [2]。');
    expect(cleanCitations('[0] 与 [12] 都不存在', 3)).toBe(' 与  都不存在');
  });

  it('holds a mark split across deltas until it is complete', () => {
    const f = new CitationFilter(2);
    const out = ['答案[', '1', ']和[', '9', ']结束', '[2'].map((d) => f.push(d));
    expect(out).toEqual(['答案', '', '[1]和', '', '结束', '']);
    expect(f.end()).toBe('[2');
  });

  it('never holds plain brackets for long', () => {
    const f = new CitationFilter(1);
    expect(f.push('数组 a[')).toBe('数组 a');
    expect(f.push('i] 与 [x]')).toBe('[i] 与 [x]');
    expect(f.push('[1234')).toBe('[1234');
  });
});

describe('the AI search prompt', () => {
  it('numbers the passages with their titles and pages', () => {
    const p = ragPrompt(
      [
        { title: '新维护者指南', uuid: 'a', page: 12, score: 0.9, snippet: '', content: '用 dh_make 生成 debian 目录。' },
        { title: 'FAQ', uuid: 'b', page: 3, score: 0.5, snippet: '', content: 'Debian 是自由操作系统。' },
      ],
      '测试文库',
    );
    expect(p).toContain('[1] 《新维护者指南》第 12 页\n用 dh_make 生成 debian 目录。');
    expect(p).toContain('[2] 《FAQ》第 3 页');
    expect(p).toContain('测试文库');
  });

  it('says plainly when nothing was found', () => {
    expect(ragPrompt([], '文库')).toContain('没有找到相关内容');
  });
});
