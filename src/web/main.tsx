import './style.css';
import { Fragment, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ADAPTERS, adapterOf, isGame } from './games';
import { LANGUAGE_NAMES, LANGUAGES, type Language, language, onLanguage, ready, setLanguage, t } from './i18n/language';
import { href, navigate, onLinkClick, useLocation } from './router';
import { STATIC_SITE } from './staticSite';
import { DailyView } from './views/DailyView';
import { DealView } from './views/DealView';
import { PlayView } from './views/PlayView';
import { ResultsView } from './views/ResultsView';
import { RulesView } from './views/RulesView';
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
        aria-label={t('dealCode')}
        data-testid="code-input"
        value={code}
        onInput={(e) => setCode((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" data-testid="open-deal">
        {t('open')}
      </button>
      <button type="button" data-testid="open-play" onClick={() => open('play')}>
        {t('play')}
      </button>
    </form>
  );
}

/** The page's language, on every view: each language named in itself. */
function LanguagePicker() {
  return (
    <select
      class="language"
      data-testid="language"
      aria-label={t('languageLabel')}
      value={language()}
      onChange={(e) => {
        const picker = e.currentTarget as HTMLSelectElement;
        // Not fetched (offline before a first visit in that language): the picker shows the language still in use.
        setLanguage(picker.value as Language).catch(() => {
          picker.value = language();
        });
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}

function Home() {
  return (
    <div class="home">
      <h1>cardsolve</h1>
      <p>{t('homeIntro')}</p>
      <ul>
        <li>
          {t('homeOpen')} <a href={href('/deal/PY1-N-AAAAAAA')}>PY1-N-AAAAAAA</a> ·{' '}
          <a href={href('/deal/DS1-D1N-AAAAAAB')}>DS1-D1N-AAAAAAB</a> · <a href={href('/play/PY1-N-AAAAAAA')}>{t('homePlayOne')}</a>
        </li>
        <li>
          <a href={href('/daily')}>{t('navDaily')}</a>: {t('homeDaily')}
        </li>
        <li>
          {t('navRules')}:{' '}
          {ADAPTERS.map((game, i) => (
            <Fragment key={game.id}>
              {i > 0 && ' · '}
              <a href={href(`/rules/${game.id}`)}>{t(game.name)}</a>
            </Fragment>
          ))}
        </li>
        {/* The stored results need the server: the static site does not offer them. */}
        {!STATIC_SITE && (
          <li>
            <a href={href('/results')}>{t('navResults')}</a>: {t('homeResults')}
          </li>
        )}
        {!STATIC_SITE && (
          <li>
            <a href={href('/stats')}>{t('navStats')}</a>: {t('homeStats')}
          </li>
        )}
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
  const rules = /^\/rules(?:\/([^/]+))?\/?$/.exec(path);
  if (rules && (rules[1] === undefined || isGame(rules[1]))) return <RulesView game={adapterOf(rules[1])} />;
  if (path === '/' || path === '') return <Home />;
  return <p class="error">{t('noSuchPage', { path })}</p>;
}

function App() {
  const { path } = useLocation();
  // A new language redraws every view from here; the views' state and the URL stay.
  const [, setShown] = useState(language());
  useEffect(() => onLanguage(() => setShown(language())), []);
  const section = path.split('/')[1] ?? '';
  const link = (to: string, title: string) => (
    <a href={href(to)} class={section === to.slice(1) ? 'active' : ''} data-testid={`nav-${to.slice(1) || 'home'}`}>
      {title}
    </a>
  );
  return (
    <>
      <nav class="bar" data-testid="nav" aria-label={t('navLabel')}>
        <a href={href('/')} class="brand">
          cardsolve
        </a>
        {link('/daily', t('navDaily'))}
        {link('/rules', t('navRules'))}
        {/* Results and Stats read the server's database: not offered where no server is. */}
        {!STATIC_SITE && link('/results', t('navResults'))}
        {!STATIC_SITE && link('/stats', t('navStats'))}
        <LanguagePicker />
        <OpenCode />
      </nav>
      <main>
        <View />
      </main>
    </>
  );
}

document.addEventListener('click', onLinkClick);
// Drawn once the reader's language has its texts: no English flashes first.
ready().then(() => render(<App />, document.getElementById('app')!));

// The static site keeps its files for offline play (sw.js, written by the static build).
if (STATIC_SITE && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch((error: unknown) => console.warn('cardsolve: no offline copy:', error));
}
