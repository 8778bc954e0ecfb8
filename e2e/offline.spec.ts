import { expect, test } from './fixtures';

test.describe('offline and privacy', () => {
  test('after the first visit the app works with the network blocked', async ({ page, context, shell }) => {
    await shell.open();
    // Wait until the service worker controls the page (it claims clients on activation).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      }
    });
    await context.setOffline(true);
    await page.reload();
    await expect(shell.engineResult()).toContainText('12.98B');
    for (const name of [/Hardware fit/, /Benchmarks/, /Pilot/, /Report/]) {
      await shell.goTo(name);
      await expect(shell.main()).not.toBeEmpty();
    }
    await context.setOffline(false);
  });

  test('the built app sends a strict Content-Security-Policy', async ({ page }) => {
    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', /default-src 'self'/);
  });
});
