import { useState } from 'react';
import { shareUrl } from '../state/link-sync';
import { useT } from '../components/use-t';
import { shellMessages } from './messages';

/** Copies the share link; where the clipboard is not available, shows the link to copy by hand. */
export function ShareButton() {
  const t = useT(shellMessages);
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'copied'; chars: number } | { kind: 'manual'; url: string }>({ kind: 'idle' });

  async function onShare() {
    const url = shareUrl();
    try {
      await navigator.clipboard.writeText(url);
      setState({ kind: 'copied', chars: url.length });
    } catch {
      setState({ kind: 'manual', url });
    }
  }

  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => void onShare()}
        className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-contrast hover:opacity-90"
        title={t('shareHint')}
        data-testid="share-button"
      >
        {t('share')}
      </button>
      {state.kind === 'copied' ? (
        <p role="status" className="absolute right-0 z-20 mt-1 whitespace-nowrap rounded bg-surface-2 px-2 py-1 text-xs shadow" data-testid="share-status">
          {t('shareCopied', { chars: state.chars })}
        </p>
      ) : null}
      {state.kind === 'manual' ? (
        <div role="dialog" aria-label={t('shareManual')} className="absolute right-0 z-20 mt-1 w-[min(90vw,28rem)] rounded-md border border-border bg-surface p-3 shadow-lg">
          <label className="text-xs font-medium" htmlFor="share-url">
            {t('shareManual')}
          </label>
          <input id="share-url" readOnly value={state.url} onFocus={(e) => e.target.select()} className="mt-1 w-full rounded border border-border bg-surface-2 px-2 py-1 font-mono text-xs" />
          <p className="mt-1 text-xs text-muted">{t('shareHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
