import { create } from 'zustand';
import { defaultScenario } from '../core/scenario/defaults';
import type { Currency, Language, Scenario, ScenarioSection } from '../core/scenario/schema';
import { loadPrefs, type Prefs, type Theme } from '../lib/storage/local';

/**
 * One store of inputs, in typed slices. It holds what the user entered (the scenario) and
 * local preferences; it never holds computed results (those come from the worker through
 * TanStack Query).
 */
export interface ScenarioSlice {
  scenario: Scenario;
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
  replaceScenario: (scenario) => {
    const prefsPatch: Partial<Prefs> = scenario.view
      ? { language: scenario.view.language, currency: scenario.view.currency, shareView: true }
      : {};
    set({ scenario, ...prefsPatch });
  },
  updateSection: (section, patch) =>
    set((s) => ({ scenario: { ...s.scenario, [section]: { ...s.scenario[section], ...patch } } })),
  setName: (name) => set((s) => ({ scenario: { ...s.scenario, name } })),

  ...loadPrefs(),
  setLanguage: (language) => set((s) => ({ language, scenario: withView(s.scenario, { ...prefsOf(s), language }) })),
  setCurrency: (currency) => set((s) => ({ currency, scenario: withView(s.scenario, { ...prefsOf(s), currency }) })),
  setTheme: (theme) => set({ theme }),
  setShareView: (shareView) => set((s) => ({ shareView, scenario: withView(get().scenario, { ...prefsOf(s), shareView }) })),
}));

export function prefsOf(s: Prefs): Prefs {
  return { language: s.language, currency: s.currency, theme: s.theme, shareView: s.shareView };
}
