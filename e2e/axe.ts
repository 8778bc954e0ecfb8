import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * One axe-core pass, returning the serious and critical violations as readable lines. In the
 * light theme every WCAG 2.1 A/AA rule runs; the dark theme changes colours only (the markup
 * is the same), so its pass is the colour-contrast rule, which keeps the slowest scans short.
 */
export async function seriousViolations(page: Page, theme: 'light' | 'dark', scope: { include?: string; exclude?: string } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  builder = theme === 'light' ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']) : builder.withRules(['color-contrast']);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${theme}: ${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
