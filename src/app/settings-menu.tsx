import { useState } from 'react';
import { currencies, type Currency, type Language } from '../core/scenario/schema';
import { NumberField } from '../components/number-field';
import { useT } from '../components/use-t';
import { useAppStore } from '../state/store';
import type { Theme } from '../lib/storage/local';
import { shellMessages } from './messages';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The language, currency and theme choices; `where` keeps the ids of the two places apart. */
function PrefSelects(props: { where: 'bar' | 'panel' }) {
  const { where } = props;
  const t = useT(shellMessages);
  const language = useAppStore((s) => s.language);
  const currency = useAppStore((s) => s.currency);
  const theme = useAppStore((s) => s.theme);
  const setLanguage = useAppStore((s) => s.setLanguage);
  const setCurrency = useAppStore((s) => s.setCurrency);
  const setTheme = useAppStore((s) => s.setTheme);
  const select = 'rounded-md border border-border bg-surface px-1.5 py-1 text-sm';
  const id = (name: string) => (where === 'bar' ? `ui-${name}` : `ui-${name}-panel`);
  const testId = (name: string) => (where === 'bar' ? `${name}-select` : undefined);
  // In the bar the labels are for screen readers; in the panel they are shown.
  const label = where === 'bar' ? 'sr-only' : 'text-sm font-medium';
  return (
    <>
      <label className={label} htmlFor={id('language')}>
        {t('language')}
      </label>
      <select
        id={id('language')}
        className={select}
        value={language}
        onChange={(e) => setLanguage(e.target.value as Language)}
        data-testid={testId('language')}
      >
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <label className={label} htmlFor={id('currency')}>
        {t('currency')}
      </label>
      <select
        id={id('currency')}
        className={select}
        value={currency}
        onChange={(e) => setCurrency(e.target.value as Currency)}
        data-testid={testId('currency')}
      >
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <label className={label} htmlFor={id('theme')}>
        {t('theme')}
      </label>
      <select id={id('theme')} className={select} value={theme} onChange={(e) => setTheme(e.target.value as Theme)} data-testid={testId('theme')}>
        {(['system', 'light', 'dark'] as const).map((th) => (
          <option key={th} value={th}>
            {t(`theme.${th}`)}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * Language, currency, theme and exchange rates. On a phone the three choices move into the
 * Settings panel, so the header stays two short rows above the page.
 */
export function SettingsBar() {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="hidden items-center gap-2 sm:flex">
        <PrefSelects where="bar" />
      </div>
      <SettingsDisclosure />
    </div>
  );
}

function SettingsDisclosure() {
  const t = useT(shellMessages);
  const fx = useAppStore((s) => s.scenario.fx);
  const updateSection = useAppStore((s) => s.updateSection);
  const shareView = useAppStore((s) => s.shareView);
  const setShareView = useAppStore((s) => s.setShareView);
  // The panel is drawn while open only: its number fields are the first thing on the page to
  // format a number, and the browser's first number format loads locale data (tens of ms),
  // which the first render should not wait for.
  const [open, setOpen] = useState(false);
  return (
    <details
      className="relative"
      data-testid="settings"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        // Escape closes the panel, as it does a dialog, and gives the focus back to its button.
        if (e.key !== 'Escape' || !e.currentTarget.open) return;
        e.currentTarget.open = false;
        e.currentTarget.querySelector('summary')?.focus();
      }}
    >
      <summary className="cursor-pointer list-none rounded-md border border-border px-2 py-1 text-sm hover:bg-surface-2">{t('settings')}</summary>
      {open ? (
        <div className="absolute right-0 z-30 mt-1 w-[min(92vw,22rem)] space-y-3 rounded-md border border-border bg-surface p-4 shadow-lg">
          <div className="grid grid-cols-[max-content_minmax(0,1fr)] items-center gap-2 sm:hidden">
            <PrefSelects where="panel" />
          </div>
          <h2 className="text-sm font-semibold">{t('fxTitle')}</h2>
          <p className="text-xs text-muted">{t('fxHelp')}</p>
          <NumberField label={t('fxEur')} value={fx.EUR} min={0.000001} max={1e6} digits={4} onCommit={(EUR) => updateSection('fx', { EUR })} testId="fx-eur" />
          <NumberField label={t('fxCny')} value={fx.CNY} min={0.000001} max={1e6} digits={4} onCommit={(CNY) => updateSection('fx', { CNY })} testId="fx-cny" />
          <div className="flex flex-col gap-1">
            <label htmlFor="fx-date" className="text-sm font-medium">
              {t('fxDate')}
            </label>
            <input
              id="fx-date"
              type="date"
              value={fx.checked}
              onChange={(e) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) updateSection('fx', { checked: e.target.value });
              }}
              className="rounded-md border border-border bg-surface px-2 py-1 text-sm"
            />
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={shareView} onChange={(e) => setShareView(e.target.checked)} className="mt-1" />
            <span>{t('shareView')}</span>
          </label>
        </div>
      ) : null}
    </details>
  );
}
