import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useT } from '../../components/use-t';
import { reportMessages } from './messages';

export interface Slide {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Presentation mode: one figure per screen in large type, navigated by keyboard
 * (→ / ← / space / Page Up / Page Down / Home / End, Esc to close) or the buttons.
 * A full-screen modal dialog: the report behind it is inert, and closing returns focus to
 * the button that started the presentation.
 */
export function Presentation(props: { slides: Slide[]; onClose: () => void }) {
  const t = useT(reportMessages);
  const { slides, onClose } = props;
  const [index, setIndex] = useState(0);
  const stage = useRef<HTMLElement>(null);
  const last = slides.length - 1;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === ' ' || e.key === 'PageDown') {
        e.preventDefault();
        setIndex((i) => Math.min(last, i + 1));
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        e.preventDefault();
        setIndex((i) => Math.max(0, i - 1));
      } else if (e.key === 'Home') setIndex(0);
      else if (e.key === 'End') setIndex(last);
    };
    window.addEventListener('keydown', onKey);
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
    return () => {
      window.removeEventListener('keydown', onKey);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [last]);

  const slide = slides[Math.min(index, last)];
  if (!slide) return null;
  return (
    <Dialog
      title={t('presentTitle')}
      titleClassName="sr-only"
      onClose={onClose}
      placement="full"
      className="flex h-full flex-col bg-bg text-text"
      initialFocus={stage}
      testId="presentation"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-6 py-2 text-sm text-muted">
        <span aria-live="polite">{t('slideOf', { n: index + 1, total: slides.length })}</span>
        <span className="hidden sm:inline">{t('presentHelp')}</span>
        <div className="flex gap-2">
          <Button onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            {t('previous')}
          </Button>
          <Button onClick={() => setIndex((i) => Math.min(last, i + 1))} disabled={index === last}>
            {t('next')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </div>
      </div>
      <section
        ref={stage}
        tabIndex={-1}
        className="mx-auto flex w-full max-w-[1400px] flex-1 flex-col gap-6 overflow-auto px-8 py-8 outline-none"
        aria-labelledby="slide-title"
      >
        <h2 id="slide-title" className="text-3xl font-semibold sm:text-4xl">
          {slide.title}
        </h2>
        <div className="flex-1 text-lg sm:text-xl">{slide.body}</div>
      </section>
    </Dialog>
  );
}
