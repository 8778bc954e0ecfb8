import { useState } from 'react';
import { shareUrl } from '../state/link-sync';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { componentMessages } from '../components/messages';
import { useT } from '../components/use-t';
import { shellMessages } from './messages';

/**
 * Copies the share link; where the clipboard is not available, shows the link to copy by hand
 * in a modal dialog: focus lands in the selected link, so Ctrl+C / ⌘C copies it at once, and
 * Escape or Close brings focus back to the share button.
 */
export function ShareButton() {
  const t = useT(shellMessages);
  const c = useT(componentMessages);
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

  const close = () => setState({ kind: 'idle' });
  return (
    <div className="relative">
      <Button variant="primary" onClick={() => void onShare()} title={t('shareHint')} data-testid="share-button">
        {t('share')}
      </Button>
      {state.kind === 'copied' ? (
        <p role="status" className="absolute right-0 z-20 mt-1 whitespace-nowrap rounded bg-surface-2 px-2 py-1 text-xs shadow" data-testid="share-status">
          {t('shareCopied', { chars: state.chars })}
        </p>
      ) : null}
      {state.kind === 'manual' ? (
        <Dialog
          title={t('share')}
          onClose={close}
          widthClass="max-w-lg"
          titleClassName="text-base font-semibold"
          className="p-4"
          closeOnBackdrop
          testId="share-manual"
        >
          <label className="mt-2 block text-xs font-medium" htmlFor="share-url">
            {t('shareManual')}
          </label>
          <input
            id="share-url"
            readOnly
            autoFocus
            value={state.url}
            onFocus={(e) => e.target.select()}
            className="mt-1 w-full rounded border border-border bg-surface-2 px-2 py-1 font-mono text-xs"
          />
          <p className="mt-1 text-xs text-muted">{t('shareHint')}</p>
          <div className="mt-3 flex justify-end">
            <Button onClick={close}>{c('close')}</Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
