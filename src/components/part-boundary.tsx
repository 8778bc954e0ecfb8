import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Button } from './button';
import { componentMessages } from './messages';
import { useT } from './use-t';

/**
 * What a part of the page does when it throws while rendering: it shows that it failed, with
 * "try again" and "reload", and the rest of the page goes on working. Charts, cards and each
 * area's page sit in one each, so no single part can blank the app.
 *
 * The reload the fallback offers is set once by the app (it stores the working copy first);
 * until then it is a plain reload.
 */
let reloadPage: () => void = () => location.reload();

export function setPartReload(reload: () => void): void {
  reloadPage = reload;
}

/** A dynamic import that failed: after a deploy, the running version's chunks may be gone. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Chromium: "Failed to fetch dynamically imported module"; Firefox: "error loading dynamically
  // imported module"; Safari: "Importing a module script failed"; Vite's preload: "Unable to preload CSS".
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

export type PartKind = 'chart' | 'panel' | 'page';

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // A message is shown, never a stack or a megabyte of text.
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function PartFallback(props: FallbackProps & { kind: PartKind; name?: string | undefined }) {
  const { error, resetErrorBoundary, kind, name } = props;
  const t = useT(componentMessages);
  const chunk = isChunkLoadError(error);
  const text = chunk
    ? t('partFailedUpdate')
    : kind === 'page'
      ? t('partFailedPage')
      : kind === 'chart'
        ? t('partFailedChart')
        : t('partFailed', { part: name ?? '' });
  return (
    <div role="alert" className="rounded-md border border-bad/50 bg-bad-bg px-3 py-2 text-sm" data-testid="part-failed" data-part={kind}>
      <p>{text}</p>
      {chunk ? null : <p className="mt-1 break-words text-xs text-muted">{t('partError', { message: errorMessage(error) })}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {chunk ? null : (
          <Button variant="secondary" size="xs" onClick={resetErrorBoundary}>
            {t('retry')}
          </Button>
        )}
        <Button variant={chunk ? 'primary' : 'secondary'} size="xs" onClick={() => reloadPage()}>
          {t('reload')}
        </Button>
      </div>
    </div>
  );
}

/**
 * An error boundary around one part. `resetKeys`: values whose change tries the part again by
 * itself (new inputs may render fine where the old ones threw). `onError`: called once per
 * failure, e.g. to reload after a failed chunk.
 */
export function PartBoundary(props: {
  kind: PartKind;
  name?: string;
  children: ReactNode;
  resetKeys?: readonly unknown[];
  onError?: (error: unknown) => void;
  onReset?: () => void;
}) {
  const { kind, name, children, resetKeys, onError, onReset } = props;
  return (
    <ErrorBoundary
      fallbackRender={(p) => <PartFallback {...p} kind={kind} name={name} />}
      {...(resetKeys ? { resetKeys: [...resetKeys] } : {})}
      {...(onError ? { onError: (e: unknown) => onError(e) } : {})}
      {...(onReset ? { onReset } : {})}
    >
      {children}
    </ErrorBoundary>
  );
}
