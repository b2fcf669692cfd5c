import type { ReactNode } from 'react';
import { FireOutlined, BulbOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { newSearch, searchHref, type SearchState } from '../lib/search-params';

function uniqueWords(words: readonly string[], skip: string): string[] {
  const seen = new Set<string>([skip]);
  return words.map((w) => w.trim()).filter((w) => w && !seen.has(w) && (seen.add(w), true));
}

/** Clickable words, each a search of its own (same type, filters reset). */
function WordChips({ words, state, label }: { words: readonly string[]; state: SearchState; label: string }) {
  const list = uniqueWords(words, state.wd);
  if (list.length === 0) return null;
  return (
    <ul className="wk-search-chips" aria-label={label}>
      {list.map((w) => (
        <li key={w}>
          <Link to={searchHref(newSearch(state, w))}>{w}</Link>
        </li>
      ))}
    </ul>
  );
}

function SuggestGroup({ icon, label, words, state }: { icon: ReactNode; label: string; words: readonly string[]; state: SearchState }) {
  if (words.length === 0) return null;
  return (
    <div className="wk-search-suggest-group">
      <h4>
        {icon} {label}
      </h4>
      <WordChips words={words} state={state} label={label} />
    </div>
  );
}

/** The site's recommended words (settings.system.recommend_words) and the hot words of the moment. */
export function SearchSuggestions({ state, recommend, hot }: { state: SearchState; recommend: readonly string[]; hot: readonly string[] }) {
  const rec = uniqueWords(recommend, state.wd);
  const hotWords = uniqueWords(hot, state.wd).filter((w) => !rec.includes(w));
  if (rec.length === 0 && hotWords.length === 0) return null;
  return (
    <div className="wk-search-suggest">
      <SuggestGroup icon={<BulbOutlined />} label="推荐搜索" words={rec} state={state} />
      <SuggestGroup icon={<FireOutlined />} label="热门搜索" words={hotWords} state={state} />
    </div>
  );
}

/** Ranked hot words for the side column. */
export function HotWordsCard({ words, state }: { words: readonly string[]; state: SearchState }) {
  const list = uniqueWords(words, '').slice(0, 10);
  if (list.length === 0) return null;
  return (
    <section className="wk-card wk-search-side-card">
      <h3>
        <FireOutlined /> 热门搜索
      </h3>
      <ol className="wk-search-hot">
        {list.map((w, i) => (
          <li key={w}>
            <span className="wk-rank-no">{i + 1}</span>
            <Link to={searchHref(newSearch(state, w))} title={w}>
              {w}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
