import { create } from 'zustand';
import { followName } from '../core/deployment/name';
import { defaultScenario } from '../core/scenario/defaults';
import type { Currency, Language, Scenario, ScenarioSection } from '../core/scenario/schema';
import { loadPrefs, type Prefs, type Theme } from '../lib/storage/local';

/**
 * One store of inputs, in typed slices. It holds what the user entered (the scenario) and
 * local preferences; it never holds computed results (those come from the worker through
 * TanStack Query).
 */
/** The model and GPU the single throughput figure was entered for, when no longer the scenario's. */
export interface ThroughputFor {
  modelId: string;
  gpuId: string;
}

export interface ScenarioSlice {
  scenario: Scenario;
  /**
   * What the tab knows of the single throughput figure beyond the scenario: the model and GPU
   * it was entered for, kept when the model or GPU changes and the figure does not (null: the
   * scenario's own). A new figure, or a scenario opened or loaded, clears it.
   */
  throughputFor: ThroughputFor | null;
  /** Replaces the whole scenario (opening a link, loading a preset or a saved scenario). */
  replaceScenario: (scenario: Scenario) => void;
  updateSection: <K extends ScenarioSection>(section: K, patch: Partial<Scenario[K]>) => void;
  setName: (name: string) => void;
}

export interface PrefsSlice extends Prefs {
  setLanguage: (language: Language) => void;
  setCurrency: (currency: Currency) => void;
  setTheme: (theme: Theme) => void;
  setShareView: (share: boolean) => void;
}

export type AppState = ScenarioSlice & PrefsSlice;

function withView(scenario: Scenario, prefs: Prefs): Scenario {
  const view = prefs.shareView ? { language: prefs.language, currency: prefs.currency } : null;
  const same = JSON.stringify(view) === JSON.stringify(scenario.view);
  return same ? scenario : { ...scenario, view };
}

export const useAppStore = create<AppState>()((set, get) => ({
  scenario: defaultScenario(),
  throughputFor: null,
  replaceScenario: (scenario) => {
    const prefsPatch: Partial<Prefs> = scenario.view ? { language: scenario.view.language, currency: scenario.view.currency, shareView: true } : {};
    set({ scenario, throughputFor: null, ...prefsPatch });
  },
  updateSection: (section, patch) =>
    set((s) => {
      const next = { ...s.scenario, [section]: { ...s.scenario[section], ...patch } };
      // An untouched title follows the deployment it names.
      return { scenario: followName(s.scenario, next), throughputFor: throughputForAfter(s.scenario, next, s.throughputFor) };
    }),
  setName: (name) => set((s) => ({ scenario: { ...s.scenario, name } })),

  ...loadPrefs(),
  setLanguage: (language) => set((s) => ({ language, scenario: withView(s.scenario, { ...prefsOf(s), language }) })),
  setCurrency: (currency) => set((s) => ({ currency, scenario: withView(s.scenario, { ...prefsOf(s), currency }) })),
  setTheme: (theme) => set({ theme }),
  setShareView: (shareView) => set((s) => ({ shareView, scenario: withView(get().scenario, { ...prefsOf(s), shareView }) })),
}));

/**
 * The deployment the single throughput figure holds for after a change: a changed figure holds
 * for the deployment it was entered on; a changed model or GPU keeps the old record, or makes
 * one of the deployment before the change; coming back to that deployment clears it.
 */
export function throughputForAfter(prev: Scenario, next: Scenario, current: ThroughputFor | null): ThroughputFor | null {
  const a = prev.selfHosted;
  const b = next.selfHosted;
  if (a.throughput.tokensPerSecond !== b.throughput.tokensPerSecond || a.throughput.source !== b.throughput.source) return null;
  if (a.modelId === b.modelId && a.gpuId === b.gpuId) return current;
  const was = current ?? { modelId: a.modelId, gpuId: a.gpuId };
  return was.modelId === b.modelId && was.gpuId === b.gpuId ? null : was;
}

export function prefsOf(s: Prefs): Prefs {
  return { language: s.language, currency: s.currency, theme: s.theme, shareView: s.shareView };
}
