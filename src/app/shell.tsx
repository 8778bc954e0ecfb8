import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { isChunkLoadError, PartBoundary } from '../components/part-boundary';
import { useT } from '../components/use-t';
import { formatCompact, formatMoney } from '../lib/format/format';
import { useEngineState, useWorkloadSummary } from '../lib/query/compute';
import { navigate } from '../state/link-sync';
import { areas, useSessionStore, type Area } from '../state/session';
import { useAppStore } from '../state/store';
import { loadTcoQueries, PAGE_CODE, type PageModule } from './area-code';
import { ConfirmLinkDialog, LinkBanners } from './link-banners';
import { NewVersionBanner } from './new-version';
import { reloadOnceAfterDeploy } from './reload';
import { shellMessages } from './messages';
import { SettingsBar } from './settings-menu';
import { ScenarioLibraryButton } from './scenario-library';
import { ShareButton } from './share-button';
import { useDocumentLanguage, useThemeClass } from './use-theme';

/** The only place where features meet: each area is a page whose code loads when it is first opened. */
const LOADERS: Record<Area, () => Promise<PageModule>> = {
  ...PAGE_CODE,
  tco: async () => {
    // The verdict is computed while the page's code loads (first view: on the main thread), so
    // the page's first render shows it; a slow computation holds the page back 300 ms at most
    // once its code is there.
    const verdict = loadTcoQueries()
      .then((m) => m.prefetchTcoEvaluation(useAppStore.getState().scenario))
      .catch(() => undefined);
    const page = await PAGE_CODE.tco();
    await Promise.race([verdict, new Promise((r) => setTimeout(r, 300))]);
    return page;
  },
};

/** Where each area's page code is: on its way, arrived (the page), or failed (the error). */
type PageState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; error: unknown };
const LOADING: PageState = { status: 'loading' };
const loading = new Map<Area, Promise<PageModule>>();
const pageStates = new Map<Area, PageState>();
const pageListeners = new Set<() => void>();
function subscribePages(listener: () => void): () => void {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
}
function setPageState(area: Area, state: PageState): void {
  pageStates.set(area, state);
  for (const listener of pageListeners) listener();
}

/**
 * Starts loading an area's code, once; its page renders from the same load. The entry calls it
 * for the first area before the first render, so the code is on its way while the shell renders.
 */
export function startLoadingArea(area: Area): Promise<PageModule> {
  let load = loading.get(area);
  if (!load) {
    load = LOADERS[area]();
    loading.set(area, load);
    load.then(
      (m) => setPageState(area, { status: 'ready', Page: m.default }),
      (error: unknown) => setPageState(area, { status: 'failed', error }),
    );
  }
  return load;
}

/** "Try again" after a page failed: its code is requested anew (a failed load is not kept). */
function retryArea(area: Area): void {
  loading.delete(area);
  pageStates.delete(area);
}

/**
 * The page once its code has arrived. An external store, not `lazy`: React renders an update of
 * an external store in one go, where it renders a suspended page's retry in slices between other
 * work, which held the first verdict back by up to 90 ms after the code had arrived.
 */
function AreaPageBody(props: { area: Area }) {
  const { area } = props;
  const state = useSyncExternalStore(subscribePages, () => pageStates.get(area) ?? LOADING);
  useEffect(() => void startLoadingArea(area).catch(() => undefined), [area]);
  if (state.status === 'failed') throw state.error;
  if (state.status === 'loading') return <p className="text-sm text-muted">…</p>;
  return <state.Page />;
}

/**
 * The current area's page, in a boundary of its own: a page that throws, or whose code cannot
 * be loaded, says so under the header, which keeps working (other areas, share, settings). A
 * page whose code is gone after a deploy reloads the app once, keeping the working copy.
 */
function AreaPage(props: { area: Area }) {
  const { area } = props;
  const [attempt, setAttempt] = useState(0);
  return (
    <PartBoundary
      kind="page"
      resetKeys={[area, attempt]}
      onError={(error) => {
        if (isChunkLoadError(error)) reloadOnceAfterDeploy();
      }}
      onReset={() => {
        retryArea(area);
        setAttempt((n) => n + 1);
      }}
    >
      <AreaPageBody key={attempt} area={area} />
    </PartBoundary>
  );
}

function Nav() {
  const t = useT(shellMessages);
  const area = useSessionStore((s) => s.area);
  return (
    // A fade at the right edge says the tabs scroll on a narrow screen (none once they fit).
    <nav
      aria-label={t('navLabel')}
      className="no-print -mx-1 overflow-x-auto [mask-image:linear-gradient(to_right,black_85%,transparent)] md:[mask-image:none]"
    >
      <ul className="flex min-w-max gap-1 px-1">
        {areas.map((a) => (
          <li key={a}>
            <a
              href={`#/${a}`}
              onClick={(e) => {
                e.preventDefault();
                navigate(a);
              }}
              aria-current={a === area ? 'page' : undefined}
              className={`block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${a === area ? 'bg-accent text-accent-contrast' : 'text-text hover:bg-surface-2'}`}
            >
              {t(`area.${a}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ScenarioName() {
  const t = useT(shellMessages);
  const name = useAppStore((s) => s.scenario.name);
  const setName = useAppStore((s) => s.setName);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="scenario-name" className="sr-only">
        {t('scenarioName')}
      </label>
      <input
        id="scenario-name"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        title={name}
        className="w-full min-w-0 text-ellipsis rounded-md border border-transparent bg-transparent px-1 py-0.5 text-lg font-semibold hover:border-border focus:border-accent sm:text-xl"
        data-testid="scenario-name"
      />
    </div>
  );
}

function EngineFooter() {
  const t = useT(shellMessages);
  const engine = useEngineState();
  const scenario = useAppStore((s) => s.scenario);
  const language = useAppStore((s) => s.language);
  const currency = useAppStore((s) => s.currency);
  const summary = useWorkloadSummary(scenario);
  const label = engine.mode === 'worker' ? t('engineWorker') : engine.mode === 'main-thread' ? t('engineMain') : t('engineStarting');
  return (
    <footer className="no-print mt-8 border-t border-border py-4 text-xs text-muted">
      <div className="mx-auto flex max-w-[1600px] flex-wrap items-center justify-between gap-2 px-4">
        <p>{t('privacy')}</p>
        <p className="figures" data-testid="engine-status" data-engine={engine.mode}>
          {label}
          {summary.data ? (
            <span data-testid="engine-result">
              {' · '}
              {t('footerVolume', {
                tokens: formatCompact(language, summary.data.totalTokens),
                cost: formatMoney(language, currency, scenario.fx, summary.data.api.totalUsd),
              })}
            </span>
          ) : null}
        </p>
      </div>
    </footer>
  );
}

export function Shell() {
  useThemeClass();
  useDocumentLanguage();
  const t = useT(shellMessages);
  const area = useSessionStore((s) => s.area);
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2">
        {t('skip')}
      </a>
      <header className="no-print relative z-40 sm:sticky sm:top-0 border-b border-border bg-surface/95 backdrop-blur">
        <div className="mx-auto flex max-w-[1600px] flex-col gap-2 px-4 py-2">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <img src="./favicon.svg" alt="" width={28} height={28} className="shrink-0" />
              <div className="min-w-0 flex-1">
                <p className="hidden text-xs font-medium uppercase tracking-wide text-muted sm:block">
                  {t('appName')} · {t('tagline')}
                </p>
                <ScenarioName />
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <ScenarioLibraryButton />
              <SettingsBar />
              <ShareButton />
            </div>
          </div>
          <Nav />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-[1600px] px-4 py-4">
        <NewVersionBanner />
        <LinkBanners />
        <AreaPage area={area} />
      </main>
      <EngineFooter />
      <ConfirmLinkDialog />
    </div>
  );
}
