import type { Locator } from '@playwright/test';

/**
 * Pieces the page models share. A title in English or German, matched whole, as a regular
 * expression (the specs switch the language under an open locator).
 */
export function either(en: string, de: string): RegExp {
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(${esc(en)}|${esc(de)})$`);
}

/**
 * The message a number field shows under itself (role alert), found from the field's label:
 * the innermost block that holds both the labelled text box and an alert.
 */
export function fieldAlert(scope: Locator, label: string | RegExp): Locator {
  const page = scope.page();
  return scope
    .locator('div')
    .filter({ has: page.getByRole('textbox', { name: label, exact: true }) })
    .filter({ has: page.getByRole('alert') })
    .last()
    .getByRole('alert');
}
