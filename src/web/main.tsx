import './style.css';
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { href, navigate, onLinkClick, useLocation } from './router';
import { STATIC_SITE } from './staticSite';
import { DailyView } from './views/DailyView';
import { DealView } from './views/DealView';
import { PlayView } from './views/PlayView';
import { ResultsView } from './views/ResultsView';
import { StatsView } from './views/StatsView';

/** The form in the bar: a code opened as its deal view, or played. */
function OpenCode() {
  const [code, setCode] = useState('');
  const open = (view: 'deal' | 'play') => {
    const c = code.trim();
    if (c) navigate(href(`/${view}/${encodeURIComponent(c)}`));
  };
  return (
    <form
      class="open-code"
      data-testid="open-code"
      onSubmit={(e) => {
        e.preventDefault();
        open('deal');
      }}
    >
      <input
        type="text"
        name="code"
        placeholder="PY1-N-AAAAAAA"
        aria-label="deal code"
        data-testid="code-input"
        value={code}
        onInput={(e) => setCode((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" data-testid="open-deal">
        Open
      </button>
      <button type="button" data-testid="open-play" onClick={() => open('play')}>
        Play
      </button>
    </form>
  );
}

function Home() {
  return (
    <div class="home">
      <h2>cardsolve</h2>
      <p>Solve and analyse solitaire deals: Pyramide and Double Solitaire.</p>
      <ul>
        <li>
          Open a deal by its code above, e.g. <a href={href('/deal/PY1-N-AAAAAAA')}>PY1-N-AAAAAAA</a> or{' '}
          <a href={href('/deal/DS1-D1N-AAAAAAB')}>DS1-D1N-AAAAAAB</a>, or <a href={href('/play/PY1-N-AAAAAAA')}>play one</a>.
        </li>
        <li>
          <a href={href('/results')}>Results</a>: the stored analyses, filtered and sorted, as a download.
        </li>
        <li>
          <a href={href('/stats')}>Stats</a>: the winnable share and the histograms.
        </li>
        <li>
          <a href={href('/daily')}>Daily</a>: the deal of the day per tier.
        </li>
      </ul>
    </div>
  );
}

function View() {
  const { path, query } = useLocation();
  const deal = /^\/(deal|play)\/([^/]+)\/?$/.exec(path);
  if (deal) {
    const code = decodeURIComponent(deal[2]!);
    // A new key for a new deal: no state of the previous deal carries over.
    return deal[1] === 'deal' ? <DealView key={code} code={code} query={query} /> : <PlayView key={code} code={code} query={query} />;
  }
  if (path === '/results' || path === '/results/') return <ResultsView query={query} />;
  if (path === '/stats' || path === '/stats/') return <StatsView query={query} />;
  if (path === '/daily' || path === '/daily/') return <DailyView query={query} />;
  if (path === '/' || path === '') return <Home />;
  return <p class="error">No such page: {path}</p>;
}

function App() {
  const { path } = useLocation();
  const section = path.split('/')[1] ?? '';
  const link = (to: string, title: string) => (
    <a href={href(to)} class={section === to.slice(1) ? 'active' : ''} data-testid={`nav-${to.slice(1) || 'home'}`}>
      {title}
    </a>
  );
  return (
    <>
      <nav class="bar" data-testid="nav">
        <a href={href('/')} class="brand">
          cardsolve
        </a>
        {link('/results', 'Results')}
        {link('/stats', 'Stats')}
        {link('/daily', 'Daily')}
        <OpenCode />
      </nav>
      <main>
        <View />
      </main>
    </>
  );
}

document.addEventListener('click', onLinkClick);
render(<App />, document.getElementById('app')!);

// The static site keeps its files for offline play (sw.js, written by the static build).
if (STATIC_SITE && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch((error: unknown) => console.warn('cardsolve: no offline copy:', error));
}
