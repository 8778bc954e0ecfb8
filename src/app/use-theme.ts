import { useEffect } from 'react';
import { useAppStore } from '../state/store';

/** Puts the `dark` class on <html> for the chosen theme (or the system's, when "system"). */
export function useThemeClass(): void {
  const theme = useAppStore((s) => s.theme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      document.documentElement.classList.toggle('dark', dark);
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}

export function useDocumentLanguage(): void {
  const language = useAppStore((s) => s.language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}
