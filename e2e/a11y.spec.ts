import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * Accessibility: the areas scanned with axe-core (WCAG 2.1 A/AA rules) in light and dark, with
 * zero serious or critical violations; the whole shell is operable by keyboard. Hardware fit
 * and Pilot are scanned in their own specs in a fuller state (every panel open, a filled week),
 * which covers their default state too.
 */
const AREAS = [/TCO/, /Benchmarks/, /Report/] as const;

for (const theme of ['light', 'dark'] as const) {
  test(`axe: TCO, Benchmarks and Report have no serious or critical violations (${theme})`, async ({ page, shell }) => {
    await shell.open();
    await shell.setTheme(theme);
    for (const area of AREAS) {
      await shell.goTo(area);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, theme), `${String(area)} in ${theme}`).toEqual([]);
    }
  });
}

test('the shell is operable by keyboard alone', async ({ page, shell }) => {
  await shell.open();
  // Tab from the top: skip link first, then into the header controls and the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const reached = new Set<string>();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.tagName}:${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30) ?? ''}` : '';
    });
    reached.add(label);
  }
  const all = [...reached].join('\n');
  expect(all).toContain('library-button');
  expect(all).toContain('language-select');
  expect(all).toContain('share-button');
  expect(all).toContain('Hardware fit');
  // Navigating with Enter on a focused link.
  await page.getByRole('navigation').getByRole('link', { name: /Pilot/ }).focus();
  await page.keyboard.press('Enter');
  await expect(shell.nav(/Pilot/)).toHaveAttribute('aria-current', 'page');
});
