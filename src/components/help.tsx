import { useId, useLayoutEffect, useRef, useState } from 'react';
import { helpMessages, type HelpTopic } from './help-messages';
import { useT } from './use-t';

/**
 * A small "?" next to a label that opens a short explanation of the metric or formula.
 * Keyboard-operable (button + Escape), and the text is part of the page for screen readers.
 */
export function Help(props: { topic: HelpTopic; label?: string }) {
  const t = useT(helpMessages);
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);
  const note = useRef<HTMLSpanElement>(null);
  const id = useId();
  // A note opened near the right edge moves left until it fits the window (8 px margin); near
  // the left edge it stays at the button.
  useLayoutEffect(() => {
    if (!open || !note.current) return;
    // Where the note stands unshifted.
    const box = note.current.getBoundingClientRect();
    const over = box.right + shift - (document.documentElement.clientWidth - 8);
    setShift(Math.max(0, Math.min(over, box.left + shift - 8)));
  }, [open, shift]);
  const title = t(`${props.topic}.title`);
  return (
    <span className="relative inline-block align-middle">
      <button
        type="button"
        className="no-print ml-1 inline-flex h-4 w-4 items-center justify-center rounded-full border border-border text-[10px] font-semibold text-muted hover:border-accent hover:text-accent"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('what', { title: props.label ?? title })}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        data-testid={`help-${props.topic}`}
      >
        ?
      </button>
      {open ? (
        <span
          ref={note}
          id={id}
          role="note"
          style={shift > 0 ? { left: -shift } : undefined}
          className="absolute left-0 top-5 z-30 block w-[min(80vw,20rem)] rounded-md border border-border bg-surface p-3 text-left text-xs font-normal normal-case tracking-normal text-text shadow-lg"
        >
          <span className="block font-semibold">{title}</span>
          <span className="mt-1 block text-muted">{t(`${props.topic}.body`)}</span>
        </span>
      ) : null}
    </span>
  );
}
