import type { Language } from '../core/scenario/schema';
import { translate } from '../lib/i18n/define';
import { shellMessages } from './messages';

/**
 * Clickjacking guard for hosts that send no `frame-ancestors` header (a meta tag cannot carry
 * it). Where the header arrives, a browser never shows the app inside another site's frame;
 * where it does not, the app sees that it is framed by another origin and refuses to run,
 * showing only a link that opens it in its own tab. A frame of the app's own origin is allowed.
 */
export function framedByOtherOrigin(): boolean {
  if (window.top === window.self) return false;
  try {
    // Reading the top window's location throws across origins.
    return window.top?.location.origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** The notice shown instead of the app (no store, worker or storage is started). */
export function showFramedNotice(root: HTMLElement): void {
  const language: Language = navigator.languages.some((l) => l.toLowerCase().startsWith('de')) ? 'de' : 'en';
  document.documentElement.lang = language;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'framed';
  box.className = 'mx-auto my-8 max-w-xl rounded-lg border border-warn/50 bg-warn-bg px-4 py-3 text-sm';
  const text = document.createElement('p');
  text.textContent = translate(shellMessages, language, 'framed.body');
  const link = document.createElement('a');
  link.href = window.location.href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.className = 'mt-2 inline-block font-medium underline';
  link.textContent = translate(shellMessages, language, 'framed.open');
  box.append(text, link);
  root.replaceChildren(box);
}
