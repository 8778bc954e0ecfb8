import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellMessages } from '../src/app/messages';
import { componentMessages } from '../src/components/messages';
import { reportMessages } from '../src/features/report/messages';
import { plansMessages } from '../src/features/tco/plans/plans-messages';
import { fieldLabels } from '../src/lib/i18n/fields';
import { expect, test } from './fixtures';
import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { encodeScenario } from '../src/core/link/share-link';

test.describe('report', () => {
  test('renders every section with real numbers', async ({ shell, reportPage: report }) => {
    await shell.open();
    await report.open();
    await report.waitForNumbers();
    // Example scenario: the API bill is $13,590 a month (see the shell test's arithmetic).
    await expect(report.decision()).toContainText(
      'Buy tokens from the API (Moonshot AI · Kimi K2.6): $13,590 a month. Self-hosting Kimi K2.6 on 1 × 8 NVIDIA H200 SXM would cost $43,538',
    );
    await expect(report.kpis()).toContainText('$13,590');
    await expect(report.fit()).toContainText('Fits: Kimi K2.6 on 8 × NVIDIA H200');
    await expect(report.pilot()).toContainText('No pilot data recorded.');
    // The same charts as the TCO page: cost against volume and the cost breakdown.
    await expect(report.chartPlots()).toHaveCount(3);
    // Assumptions carry their catalog source and date.
    await expect(report.assumption('api.priceOutputPerM')).toContainText('4 USD/1M tokens');
    await expect(report.assumption('api.priceOutputPerM')).toContainText('May 22, 2026');
    // The search finds a cheaper offer of the same model than the scenario's (docs/plans.md §4):
    // OpenRouter, 927,000 requests × (6,000 × $0.68 + 6,000 × $0.34 + 2,000 × $3.41) per 1M =
    // $11,995.38 a month; then the scenario's own Moonshot offer ($13,590, as in the decision);
    // then the scenario's 8× H200 bought instead of rented, $26,670.90.
    const plans = report.plans().rows;
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(0)).toContainText('OpenRouter');
    await expect(plans.nth(0)).toContainText('$11,995');
    await expect(plans.nth(1)).toContainText('Moonshot AI · Kimi K2.6(in use)');
    await expect(plans.nth(1)).toContainText('$13,590');
    await expect(plans.nth(2)).toContainText('8× NVIDIA H200');
    await expect(plans.nth(2)).toContainText('$26,671');
    // Why the first wins: $13,589.82 − $11,995.38 = $1,594.44 a month; the second wins with its
    // prices 1 − 11,995.38 / 13,589.82 = 11.7 % lower (same requests, same acceptance).
    await expect(report.plans().why).toHaveText(
      'API only: OpenRouter · Kimi K2.6 comes first: $1,594 a month less than API only: Moonshot AI · Kimi K2.6. The second would come first with token prices more than 11.7% lower.',
    );
    await expect(report.plans().own).toContainText(/^As entered, this scenario's self-hosted deployment ranks \d+ of \d+ and its API offer 2\./);
  });

  test('a chart downloads as a standalone SVG with its title and legend, and as PNG', async ({ shell, reportPage: report }) => {
    await shell.open();
    await report.open();
    await report.waitForNumbers();
    const chart = report.firstChart();
    const title = await chart.title();
    const svg = readFileSync(await chart.download('SVG'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(title);
    // Colours are resolved: no CSS variables survive in the file.
    expect(svg).not.toContain('var(--');
    expect(svg).toContain('API');
    // The marker drawn over the chart as HTML (today's volume) comes along as SVG; the example
    // has no break-even, and the file says so in words.
    expect(svg).toMatch(/<text[^>]*>today<\/text>/);
    expect(svg).toContain('No break-even: the self-hosted steps stay above the API line.');
    const png = readFileSync(await chart.download('PNG'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('prints to at most two A4 pages', async ({ page, shell, reportPage: report }) => {
    await shell.open();
    await report.open();
    await report.waitForNumbers();
    await page.emulateMedia({ media: 'print' });
    // On paper the cost chart's markers are drawn in its SVG, which scales with the plot; the
    // screen's HTML markers, which keep their pixel offsets, are hidden.
    const cost = report.costChartInPrint();
    await expect(cost.markLines).toHaveCount(1);
    await expect(cost.marks).toHaveCSS('display', 'inline');
    await expect(cost.todayMarker).toBeHidden();
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    // Keep the pages as pictures for a look (pdftoppm where installed), also when they are too many.
    const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
    writeFileSync(join(dir, 'report.pdf'), pdf);
    if (existsSync('/usr/bin/pdftoppm')) execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', join(dir, 'report.pdf'), join(dir, 'page')]);
    test.info().annotations.push({ type: 'pdf', description: join(dir, 'report.pdf') });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
  });

  test('the CSV export escapes a formula-like name and keeps numbers as numbers', async ({ shell, reportPage: report }) => {
    await shell.open();
    await shell.scenarioName().fill('=cmd|"/c calc"!A1');
    await report.open();
    await report.waitForNumbers();
    const text = readFileSync(await report.downloadCsv(), 'utf8');
    expect(text).toContain(`scenario,name,"'=cmd|""/c calc""!A1"`);
    // The API bill as a plain number with a decimal point, no grouping, no currency sign:
    // 927,000 requests × (6,000 × $0.95 + 6,000 × $0.16 + 2,000 × $4.00) / 1M
    // = 5,283.90 + 889.92 + 7,416.00 = 13,589.82.
    expect(text).toContain('result,api_monthly_usd,13589.82,USD/month');
  });

  test('German shows no English leftovers', async ({ page, shell, reportPage: report }) => {
    await shell.open();
    await shell.setLanguage('de');
    await report.open();
    await report.waitForNumbers();
    await expect(report.decision()).toContainText('Tokens über die API kaufen');
    const text = await page.locator('body').innerText();
    // Every English UI sentence of the shell, shared components, report, plans and field labels must be gone
    // (a term German keeps as it is, like "on demand", is the same in both catalogues).
    const catalogues: { en: Record<string, string>; de: Record<string, string> }[] = [
      shellMessages,
      componentMessages,
      reportMessages,
      plansMessages,
      fieldLabels,
    ];
    const english = catalogues
      .flatMap((m) => Object.entries(m.en).flatMap(([key, en]) => (m.de[key] === en ? [] : [en])))
      .map((s) => s.replace(/\{\w+\}.*$/, '').trim())
      .filter((s) => s.split(' ').length >= 2 && !/^[A-Z]{2,}\b/.test(s));
    const leftovers = english.filter((s) => text.includes(s));
    expect(leftovers).toEqual([]);
    // Units and option words of the appendix are German too.
    const appendix = await report.assumptions().innerText();
    for (const word of ['req/day', 'replicas', 'months', 'sequences', 'tokens/month', 'first-party', 'entered', 'FTE', 'example default']) {
      expect(appendix, word).not.toContain(word);
    }
    expect(appendix).toContain('Anfr./Tag');
  });

  test('a pilot decision from example data is flagged as example, and the page fits a phone', async ({ page, shell, reportPage: report }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const s = structuredClone(DEFAULT_SCENARIO);
    s.pilot.example = 'hybrid';
    s.pilot.days[0]!.selfHosted.tasksAttempted = 100;
    s.pilot.days[0]!.selfHosted.tasksCompleted = 95;
    s.pilot.days[0]!.selfHosted.tasksAccepted = 90;
    await shell.open(`#/report?s=${encodeScenario(s)}`);
    await report.waitForNumbers();
    await expect(report.pilot()).toContainText('EXAMPLE data');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('compare two saved scenarios highlights the differing input', async ({ shell, library }) => {
    await shell.open();
    await shell.scenarioName().fill('API only');
    await library.open();
    await library.saveAsNew();
    await library.close();
    await shell.openSettings();
    await shell.fxRate('EUR').fill('0.95');
    await shell.scenarioName().fill('EUR at 0.95');
    await library.open();
    await library.saveAsNew();
    await library.selectForCompare('API only');
    await library.selectForCompare('EUR at 0.95');
    const compare = await library.compareSelected();
    await expect(compare.input('fx.EUR')).toHaveAttribute('data-differs', 'true');
    await expect(compare.input('workload.requestsPerDay')).toHaveAttribute('data-differs', 'false');
    await expect(compare.results()).toContainText('$13,590');
    await expect(compare.chartPlots()).toHaveCount(1);
  });

  test('presentation mode moves through slides with the keyboard', async ({ shell, reportPage: report }) => {
    await shell.open();
    await report.open();
    await report.waitForNumbers();
    const presentation = await report.present();
    const deck = presentation.dialog();
    await expect(deck).toContainText('Slide 1 of');
    await presentation.press('ArrowRight');
    await expect(deck).toContainText('Slide 2 of');
    await presentation.press('End');
    await expect(deck).toContainText('Assumptions');
    await presentation.press('Escape');
    await expect(deck).toHaveCount(0);
  });
});
