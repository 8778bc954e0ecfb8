import type { ComponentType } from 'react';
import type { Area } from '../state/session';

export type PageModule = { default: ComponentType };

/** Each area's page code. Dynamic imports only: this module runs first in the entry (below). */
export const PAGE_CODE: Record<Area, () => Promise<PageModule>> = {
  tco: () => import('../features/tco/tco-page').then((m) => ({ default: m.TcoPage })),
  usage: () => import('../features/usage/usage-page').then((m) => ({ default: m.UsagePage })),
  hardware: () => import('../features/hardware/hardware-page').then((m) => ({ default: m.HardwarePage })),
  benchmarks: () => import('../features/benchmarks/benchmarks-page').then((m) => ({ default: m.BenchmarksPage })),
  pilot: () => import('../features/pilot/pilot-page').then((m) => ({ default: m.PilotPage })),
  report: () => import('./report-route').then((m) => ({ default: m.ReportRoute })),
};

/** The TCO page's queries, whose first verdict is computed while the page's code loads. */
export const loadTcoQueries = () => import('../lib/query/tco');

/**
 * The entry imports this module first, so this runs before React and the app's modules are
 * evaluated (about 150 ms on a 2-core machine): the code of the area the link opens starts
 * loading now instead of after that. The shell's loader (`startLoadingArea`) imports the same
 * modules and gets these loads; a failure is left to it.
 */
const first = /^#?\/*([^/?]*)/.exec(location.hash)?.[1] || 'tco';
if (Object.hasOwn(PAGE_CODE, first)) {
  // The TCO page's first verdict: its query and the main-thread computation (worker/first-view.ts),
  // asked for before the page's code. Over HTTP/1.1 the browser fetches six files at a time, and
  // asked for after the page's 20-odd files, the computation's file queued behind them (arriving
  // 260–300 ms after it was asked for in one cold load of six, against 35–55 ms for the page's).
  if (first === 'tco') Promise.all([import('../worker/first-view'), loadTcoQueries()]).catch(() => undefined);
  PAGE_CODE[first as Area]().catch(() => undefined);
}
