import { lazy, Suspense, useState, type ComponentType } from 'react';
import { isChunkLoadError, PartBoundary } from '../components/part-boundary';
import { useT } from '../components/use-t';
import { formatCompact, formatMoney } from '../lib/format/format';
import { useEngineState, useWorkloadSummary } from '../lib/query/compute';
import { navigate } from '../state/link-sync';
import { areas, useSessionStore, type Area } from '../state/session';
import { useAppStore } from '../state/store';
import { ConfirmLinkDialog, LinkBanners } from './link-banners';
import { NewVersionBanner } from './new-version';
import { reloadOnceAfterDeploy } from './reload';
import { shellMessages } from './messages';
import { SettingsBar } from './settings-menu';
import { ScenarioLibraryButton } from './scenario-library';
import { ShareButton } from './share-button';
import { useDocumentLanguage, useThemeClass } from './use-theme';

type PageModule = { default: ComponentType };

/** The only place where features meet: each area is a lazily loaded page. */
const LOADERS: Record<Area, () => Promise<PageModule>> = {
  tco: async () => {
    // The verdict is computed while the page's code loads (first view: on the main thread), so
    // the page's first render shows it; a slow computation holds the page back 300 ms at most.
    const verdict = import('../lib/query/tco').then((m) => m.prefetchTcoEvaluation(useAppStore.getState().scenario));
    const [page] = await Promise.all([import('../features/tco/tco-page'), Promise.race([verdict, new Promise((r) => setTimeout(r, 300))])]);
    return { default: page.TcoPage };
  },
  usage: () => import('../features/usage/usage-page').then((m) => ({ default: m.UsagePage })),
  hardware: () => import('../features/hardware/hardware-page').then((m) => ({ default: m.HardwarePage })),
  benchmarks: () => import('../features/benchmarks/benchmarks-page').then((m) => ({ default: m.BenchmarksPage })),
  pilot: () => import('../features/pilot/pilot-page').then((m) => ({ default: m.PilotPage })),
  report: () => import('./report-route').then((m) => ({ default: m.ReportRoute })),
};

const loading = new Map<Area, Promise<PageModule>>();

/**
 * Starts loading an area's code, once; its page renders from the same load. The entry calls it
 * for the first area before the first render, so the code is on its way while the shell renders.
 */
export function startLoadingArea(area: Area): Promise<PageModule> {
  let load = loading.get(area);
  if (!load) {
    load = LOADERS[area]();
    loading.set(area, load);
  }
  return load;
}

const page = (area: Area) => lazy(() => startLoadingArea(area));
const PAGES: Record<Area, ComponentType> = {
  tco: page('tco'),
  usage: page('usage'),
  hardware: page('hardware'),
  benchmarks: page('benchmarks'),
  pilot: page('pilot'),
  report: page('report'),
};

/** "Try again" after a page failed: its code is requested anew (a failed load is not kept). */
function retryArea(area: Area): void {
  loading.delete(area);
  PAGES[area] = page(area);
}

/**
 * The current area's page, in a boundary of its own: a page that throws, or whose code cannot
 * be loaded, says so under the header, which keeps working (other areas, share, settings). A
 * page whose code is gone after a deploy reloads the app once, keeping the working copy.
 */
function AreaPage(props: { area: Area }) {
  const { area } = props;
  const [attempt, setAttempt] = useState(0);
  const Page = PAGES[area];
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
      <Suspense fallback={<p className="text-sm text-muted">…</p>}>
        <Page />
      </Suspense>
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
