import { useCallback } from 'react';
import type { Language } from '../core/scenario/schema';
import { useAppStore } from '../state/store';
import { translate, type Messages, type Params } from '../lib/i18n/define';

export function useLanguage(): Language {
  return useAppStore((s) => s.language);
}

/** Translator bound to the current language for one message catalogue. */
export function useT<K extends string>(messages: Messages<K>): (key: K, params?: Params) => string {
  const language = useLanguage();
  return useCallback((key: K, params?: Params) => translate(messages, language, key, params), [messages, language]);
}
