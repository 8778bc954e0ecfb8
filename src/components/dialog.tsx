import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

export type DialogPlacement = 'center' | 'top' | 'side' | 'full';

export interface DialogProps {
  /** The visible heading the dialog is labelled by (`aria-labelledby`). */
  title: ReactNode;
  /** Called on Escape, on a click outside the panel (if `closeOnBackdrop`) and by the caller's own buttons. */
  onClose: () => void;
  children: ReactNode;
  /** center / top: a panel in the middle or at the top of the screen; side: a full-height sheet on the right; full: the whole screen. */
  placement?: DialogPlacement;
  /** Width of a center / top panel (a Tailwind max-width class). */
  widthClass?: string;
  /** Extra classes for the heading (size, weight); `sr-only` keeps it for screen readers only. */
  titleClassName?: string;
  /** Shown on the heading's line, at its end (a close button). */
  titleEnd?: ReactNode;
  /** Classes of the inner panel that holds the title and children (padding, flex layout). */
  className?: string;
  /** Where focus goes on opening; without it the browser focuses the first focusable element (or the one with `autoFocus`). */
  initialFocus?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  testId?: string;
}

const TABBABLE = 'a[href], area[href], button, input, select, textarea, summary, iframe, [contenteditable], [tabindex]';

/** The elements Tab reaches inside `root`, in document order. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) =>
      el.tabIndex >= 0 && !el.matches(':disabled') && !el.closest('[inert]') && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  );
}

const PLACEMENT: Record<DialogPlacement, string> = {
  center: 'm-auto w-[calc(100%-2rem)] rounded-lg border border-border shadow-xl',
  top: 'mx-auto my-2 w-[calc(100%-1rem)] rounded-lg border border-border shadow-lg sm:my-6 sm:w-[calc(100%-3rem)]',
  side: 'my-0 mr-0 ml-auto h-full max-h-none w-full max-w-lg border-l border-border shadow-xl',
  full: 'm-0 h-full max-h-none w-full max-w-none',
};

/**
 * The app's one modal dialog, on the native `<dialog>` element opened with `showModal()`:
 * the browser makes the rest of the page inert (Tab stays inside, screen readers see only the
 * dialog), moves focus in and turns Escape into a `cancel` event, which closes it through
 * `onClose`. Chromium lets Tab leave a modal dialog for the browser's own toolbar after the
 * last element; Tab and Shift+Tab wrap at the ends instead, so the focus cycles inside. The dialog is open while it is rendered; when it unmounts, focus returns to the
 * element that had it before opening (the opener), if that element is still on the page.
 */
export function Dialog(props: DialogProps) {
  const {
    title,
    onClose,
    children,
    placement = 'center',
    widthClass = 'max-w-md',
    titleClassName = 'text-lg font-semibold',
    titleEnd,
    className = 'p-5',
    initialFocus,
    closeOnBackdrop = false,
    testId,
  } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect, so the dialog is modal before the browser paints and its cleanup runs
  // while the element is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
    // Runs once per opening: a new `initialFocus` object does not reopen the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const width = placement === 'center' || placement === 'top' ? widthClass : '';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`bg-surface p-0 text-text backdrop:bg-black/40 ${PLACEMENT[placement]} ${width}`}
      data-testid={testId}
      onCancel={(e) => {
        // Escape: the caller decides (it unmounts the dialog); the browser must not close it behind React's back.
        e.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Tab' || e.defaultPrevented) return;
        const list = tabbables(e.currentTarget);
        const first = list[0];
        const last = list[list.length - 1];
        if (!first || !last) {
          e.preventDefault();
          return;
        }
        // Wrap only where the browser would leave the dialog: no tabbable element beyond the focus.
        const active = document.activeElement ?? e.currentTarget;
        const follows = (el: HTMLElement) => Boolean(active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
        if (e.shiftKey && !list.some((el) => el !== active && !follows(el))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && !list.some((el) => el !== active && follows(el))) {
          e.preventDefault();
          first.focus();
        }
      }}
      onClick={
        closeOnBackdrop
          ? (e) => {
              // A click on the backdrop targets the <dialog> itself; the panel inside fills it.
              if (e.target === e.currentTarget) onCloseRef.current();
            }
          : undefined
      }
    >
      <div className={className}>
        {titleEnd ? (
          <div className="flex items-center justify-between gap-2">
            <h2 id={titleId} className={titleClassName}>
              {title}
            </h2>
            {titleEnd}
          </div>
        ) : (
          <h2 id={titleId} className={titleClassName}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </dialog>
  );
}
