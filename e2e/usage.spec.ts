import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import { ShellPage } from './pages/shell';
import { slow, TcoPage } from './pages/tco-page';

const LOG = fileURLToPath(new URL('../fixtures/usage/SYNTHETIC_two_weeks_office_hours.jsonl', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/usage/${name}`, import.meta.url));

test.describe('usage data', () => {
  test('a usage log becomes the workload, the TCO page names its source, undo restores it; a bad file names file and line', async ({
    page,
    shell,
    usagePage,
    tcoPage,
  }) => {
    await usagePage.open();
    await usagePage.addFiles(LOG);
    await usagePage.zone().selectOption('UTC');
    // The log: Mon 5 – Sun 18 Jan 2026 in UTC, 996 rows, 986 ok and 10 errors (HTTP 429).
    await slow(usagePage.period()).toHaveText('Jan 5, 2026 – Jan 18, 2026 (14 days)');
    await expect(usagePage.files()).toContainText('996 rows');
    await expect(usagePage.heatmap()).toBeVisible();
    expect(await seriousViolations(page, 'light'), 'axe on the usage page with a file').toEqual([]);
    const footer = shell.engineResult();
    await slow(footer).toContainText('$13,590');

    // Before → after: requests per day 30,000 → 986 / 14 = 70.4.
    await expect(usagePage.change(/Requests per day/)).toContainText('30,000→ 70.4');
    await usagePage.useAsWorkload().click();
    await expect(usagePage.applied()).toContainText('SYNTHETIC_two_weeks_office_hours.jsonl');
    // The log's output tokens include any reasoning: the example's 1,200 reasoning tokens are
    // not added on top (320 measured tokens stay 320, not 1,520), and the change is listed.
    await expect(usagePage.change(/^Reasoning/)).toContainText('tokens per request→ none');
    // API bill with the file's mix at the example offer (0.95 / 0.16 / 4 USD per 1M): input
    // 2,093,000, cached 330,000, output 315,600 tokens over 986 requests; 986/14 × 30 = 2,112.86
    // tasks × (1 + 10/986) × (1,763,000 × 0.95 + 330,000 × 0.16 + 315,600 × 4) / 986 / 1e6 = $6.47
    // (with the 1,200 reasoning tokens kept on top it was $16.72).
    await slow(footer).toContainText('$6.47');

    await tcoPage.open({ charts: false });
    await expect(tcoPage.workloadSource()).toHaveText('Workload from SYNTHETIC_two_weeks_office_hours.jsonl, Jan 5, 2026 – Jan 18, 2026, UTC');
    await slow(tcoPage.kpiFigure('api')).toHaveText('$6.47');
    await expect(tcoPage.field('Requests per day')).toHaveValue('70.43');

    // Undo on the usage page brings the old inputs back.
    await usagePage.open();
    await usagePage.undo().click();
    await slow(footer).toContainText('$13,590');
    await tcoPage.open({ charts: false });
    await expect(tcoPage.field('Requests per day')).toHaveValue('30,000');
    await expect(tcoPage.workloadSource()).toHaveCount(0);

    // An API offer from genai-prices: OpenAI gpt-4.1 at 2 / 0.5 cached / 8 USD per 1M (OpenAI's
    // published price), the default workload: 30,000 × 30 × 1.03 retries = 927,000 requests ×
    // (6,000 × 2 + 6,000 × 0.5 + (800 + 1,200 reasoning) × 8) / 1e6 = 927,000 × $0.031 = $28,737.
    await tcoPage.openGroup('tco-group-api');
    await (await tcoPage.listPrice().open()).pick('openai', 'gp:openai/gpt-4.1');
    await slow(tcoPage.kpiFigure('api')).toHaveText('$28,737');
    await expect(tcoPage.groupBadge('tco-group-api')).toContainText('from genai-prices 0.1.8: OpenAI gpt 4.1');

    // A broken row: the file and the line are named.
    await usagePage.open();
    await usagePage.addFiles([
      {
        name: 'broken.jsonl',
        mimeType: 'application/json',
        buffer: Buffer.from('{"ts":"2026-01-05T10:00:00Z","in_tok":10,"out_tok":2}\n{"ts": 2026-01-05}\n'),
      },
    ]);
    await expect(usagePage.issues()).toContainText('broken.jsonl, line 2: not valid JSON');
  });

  test('another file after "Use as workload": the card shows what is applied, says the files differ and applies the new one; undo goes back to the hand-entered workload', async ({
    usagePage,
    tcoPage,
  }) => {
    await usagePage.open();
    await usagePage.addFiles(LOG);
    await usagePage.zone().selectOption('UTC');
    await slow(usagePage.period()).toHaveText('Jan 5, 2026 – Jan 18, 2026 (14 days)');
    await usagePage.useAsWorkload().click();
    const applied = usagePage.applied();
    await expect(applied).toHaveText(/The TCO workload now comes from SYNTHETIC_two_weeks_office_hours\.jsonl\./);
    // 986 requests / 14 days = 70.4 a day.
    await expect(usagePage.change(/Requests per day/)).toContainText('30,000→ 70.4');

    await usagePage.removeFiles();
    await usagePage.addFiles(fixture('REAL_openai_usage_export_completions.tsv'));
    await slow(usagePage.period()).toHaveText('Oct 5, 2025 – Oct 11, 2025 (7 days)');
    // Still what is applied: the log's figures under the log's name.
    await expect(applied).toHaveText(/SYNTHETIC_two_weeks_office_hours\.jsonl/);
    await expect(usagePage.change(/Requests per day/)).toContainText('30,000→ 70.4');
    const stale = usagePage.stale();
    await expect(stale.root).toContainText('The files loaded now (REAL_openai_usage_export_completions.tsv) differ from what is applied.');
    // 53 requests / 7 days = 7.57 → 7.6 a day, against the applied 70.4.
    await expect(stale.pending(/Requests per day/)).toContainText('70.4→ 7.6');

    await stale.useAsWorkload();
    await expect(applied).toHaveText(/The TCO workload now comes from REAL_openai_usage_export_completions\.tsv\./);
    await expect(usagePage.change(/Requests per day/)).toContainText('30,000→ 7.6');
    await expect(stale.root).toHaveCount(0);
    await tcoPage.open({ charts: false });
    await expect(tcoPage.field('Requests per day')).toHaveValue('7.57');

    await usagePage.open();
    await usagePage.undo().click();
    await tcoPage.open({ charts: false });
    await expect(tcoPage.field('Requests per day')).toHaveValue('30,000');
    await expect(tcoPage.workloadSource()).toHaveCount(0);
  });

  test('the example file: a real export, labelled as example data, in English and German', async ({ shell, usagePage }) => {
    await usagePage.open();
    await usagePage.loadExample();
    // The real OpenAI export: 53 requests over 5–11 Oct 2025 = 7.6 a day.
    await slow(usagePage.period()).toHaveText('Oct 5, 2025 – Oct 11, 2025 (7 days)');
    await expect(usagePage.periodCard()).toContainText('7.6');
    await expect(usagePage.example()).toContainText('Example data, not yours: REAL_openai_usage_export_completions.tsv, a real OpenAI dashboard usage export');
    await shell.setLanguage('de');
    await expect(usagePage.example()).toContainText('Beispieldaten, nicht Ihre: REAL_openai_usage_export_completions.tsv');
    await shell.setLanguage('en');
    // Own files replace it, and the label goes.
    await usagePage.removeFiles();
    await usagePage.addFiles(LOG);
    await slow(usagePage.period()).toHaveText(/Jan 5, 2026/);
    await expect(usagePage.example()).toHaveCount(0);
  });

  test('how the files were read: duplicates dropped, a file not read again, a column dropped, decimal commas and the days of the week observed, in English and German', async ({
    page,
    shell,
    usagePage,
  }, testInfo) => {
    // GERMAN_EXCEL_hourly_aggregate.csv: the hourly aggregate as German Excel saves it (";",
    // cost 0,25 and 0,75; fixtures/usage/SOURCES.md), Mon 5 Jan 2026 08:00–10:00 UTC; line 4
    // has a `bad` request count on purpose.
    const german = readFileSync(fixture('GERMAN_EXCEL_hourly_aggregate.csv'));
    // The same file on Tue 6 Jan with its cost in Excel's currency format: the cost column cannot be read.
    const currency = Buffer.from(
      german.toString('utf8').replaceAll('2026-01-05T', '2026-01-06T').replace(';0,25\r', ';0,25 $\r').replace(';0,75\r', ';0,75 $\r'),
    );
    const row = (id: string, minute: number) =>
      JSON.stringify({ request_id: id, ts: `2026-01-05T09:${minute}:00Z`, model: 'kimi-k2', status: 'ok', in_tok: 1000, out_tok: 100 });
    await usagePage.open();
    await usagePage.addFiles([
      { name: 'stunden.csv', mimeType: 'text/csv', buffer: german },
      { name: 'stunden (1).csv', mimeType: 'text/csv', buffer: german },
      { name: 'kosten.csv', mimeType: 'text/csv', buffer: currency },
      { name: 'log.jsonl', mimeType: 'application/json', buffer: Buffer.from([row('r1', 10), row('r2', 20), row('r1', 10)].join('\n')) },
    ]);
    await usagePage.zone().selectOption('UTC');
    await slow(usagePage.period()).toHaveText('Jan 5, 2026 – Jan 6, 2026 (2 days)');
    await expect(usagePage.note('duplicate-rows')).toHaveText(
      'Duplicates dropped: 1 row (log.jsonl). The same request id, or a page or row equal in every field, was read before; each counts once.',
    );
    await expect(usagePage.note('duplicate-file')).toHaveText('stunden (1).csv not read: the same bytes as stunden.csv.');
    await expect(usagePage.note('decimal-comma')).toHaveText('stunden.csv: cost_usd read with a decimal comma.');
    await expect(usagePage.note('column-dropped')).toHaveText(
      'kosten.csv: column cost_usd dropped — it cannot be read as numbers (line 2: 0,25 $). Its figure counts as not given; the rows are kept.',
    );
    // Mon 5 08:00 – Tue 6 10:00 UTC: 2 − 8/24 − 14/24 = 26/24 = 1.08 days, Monday and Tuesday.
    await expect(usagePage.note('weekdays')).toHaveText(
      'Days of the week observed: Mon, Tue only (2 of 7). Less than a whole week: the per-day figures are the mean over 1.08 days; Wed, Thu, Fri, Sat, Sun were not seen and may differ.',
    );
    await expect(usagePage.weekdays()).toHaveText('Mon, Tue (2 of 7)');
    await expect(usagePage.perDay().basis).toHaveText('all days seen: 1.08 days (less than a whole week)');
    await expect(usagePage.perDay().partial).toContainText('Requests per day rest on Mon, Tue only');
    // 100 + 300 requests in each hourly file and r1, r2 once: 802 ÷ 26/24 = 740.3 a day; the
    // bill is stunden.csv's 0,25 + 0,75 = $1.00 (kosten.csv's cost column is dropped).
    const period = usagePage.periodCard();
    await expect(period).toContainText('740.3');
    await expect(period).toContainText('$1.00');
    await expect(usagePage.files()).toContainText('log.jsonl: request-log, 3 rows. Duplicates dropped: 1 row (read before).');
    expect(await seriousViolations(page, 'light'), 'axe on the usage page with its notes').toEqual([]);
    await usagePage.notes().screenshot({ path: testInfo.outputPath('usage-notes-en.png') });

    await shell.setLanguage('de');
    await expect(usagePage.note('duplicate-rows')).toHaveText(
      'Duplikate verworfen: 1 Zeile (log.jsonl). Dieselbe Request-ID oder eine in jedem Feld gleiche Seite oder Zeile wurde schon gelesen; jede zählt einmal.',
    );
    await expect(usagePage.note('duplicate-file')).toHaveText('stunden (1).csv nicht gelesen: dieselben Bytes wie stunden.csv.');
    await expect(usagePage.note('decimal-comma')).toHaveText('stunden.csv: cost_usd mit Dezimalkomma gelesen.');
    await expect(usagePage.note('column-dropped')).toHaveText(
      'kosten.csv: Spalte cost_usd verworfen — sie lässt sich nicht als Zahlen lesen (Zeile 2: 0,25 $). Ihre Größe gilt als nicht angegeben; die Zeilen bleiben.',
    );
    await expect(usagePage.note('weekdays')).toHaveText(
      'Beobachtete Wochentage: nur Mo, Di (2 von 7). Weniger als eine ganze Woche: die Werte pro Tag sind der Mittelwert über 1,08 Tage; Mi, Do, Fr, Sa, So wurden nicht gesehen und können abweichen.',
    );
    await expect(usagePage.weekdays()).toHaveText('Mo, Di (2 von 7)');
    await page.screenshot({ path: testInfo.outputPath('usage-page-de.png'), fullPage: true });
    await shell.setLanguage('en');
  });

  test('ten days of a week with a weekend: the per-day figure from the last whole week, the days before it said', async ({ usagePage }) => {
    // 224 requests on each weekday, 49 on Saturday and Sunday (a week of 1,218, a mean day of
    // 174), Mon 5 – Wed 14 Jan 2026, each day's requests spread over the whole UTC day.
    const lines: string[] = [];
    for (let d = 0; d < 10; d++) {
      const c = d % 7 < 5 ? 224 : 49;
      for (let i = 0; i < c; i++)
        lines.push(
          JSON.stringify({
            ts: new Date(Date.UTC(2026, 0, 5 + d) + Math.floor((i * 86_400) / c) * 1000).toISOString(),
            model: 'm',
            status: 'ok',
            in_tok: 1000,
            out_tok: 100,
          }),
        );
    }
    await usagePage.open();
    await usagePage.addFiles([{ name: 'ten-days.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.join('\n')) }]);
    await usagePage.zone().selectOption('UTC');
    await slow(usagePage.period()).toHaveText('Jan 5, 2026 – Jan 14, 2026 (10 days)');
    // Thu 8 – Wed 14: 448 + 98 + 672 = 1,218 ÷ 7 = 174 (all ten days: 1,890 ÷ 10 = 189).
    await expect(usagePage.perDay().basis).toHaveText('the last whole week (7 days)');
    await expect(usagePage.note('weekdays')).toHaveText(
      'Days of the week observed: Mon, Tue, Wed, Thu, Fri, Sat, Sun. The per-day figures come from the last whole week, Jan 8, 2026 – Jan 14, 2026. The days before them (3 days) are in the per-request figures and the week profile, not in the per-day ones.',
    );
    await expect(usagePage.change(/Requests per day/)).toContainText('30,000→ 174');
  });

  test('a real OpenAI dashboard usage export with its cost export: days, requests and the bill', async ({ usagePage }) => {
    await usagePage.open();
    await usagePage.addFiles([fixture('REAL_openai_usage_export_completions.tsv'), fixture('REAL_openai_cost_export.tsv')]);
    // Day rows 2025-10-05 … 10-11; 10-09 has no row; 53 requests / 7 days = 7.6 a day.
    await slow(usagePage.period()).toHaveText('Oct 5, 2025 – Oct 11, 2025 (7 days)');
    const period = usagePage.periodCard();
    await expect(period).toContainText('Oct 9, 2025 – Oct 9, 2025 (1 day)');
    await expect(period).toContainText('7.6');
    // The cost export: 0.895874 + 0.56177125 + 0.569788 + 0.5455665 + 0.3409 + 0.072054 = $2.99.
    await expect(period).toContainText('$2.99');
    // Header, three models (largest first by tokens), the bill that names no model ($2.99: the
    // export's line items are empty), all models; the empty day row is a day, not a model.
    await expect(usagePage.modelRows()).toHaveCount(6);
    await expect(usagePage.models()).toContainText('gpt-5-mini-2025-08-07');
  });
});

test('the genai-prices data is one file of the build: the worker loads it, and without a worker the page loads the same file', async ({
  page,
  shell,
  freshPage,
}) => {
  /** Picks OpenAI gpt-4.1 from genai-prices; the figure is worked out in the usage test above ($28,737). */
  const pickListPrice = async (tco: TcoPage) => {
    await tco.open({ charts: false });
    await tco.openGroup('tco-group-api');
    await (await tco.listPrice().open()).pick('openai', 'gp:openai/gpt-4.1');
    await slow(tco.kpiFigure('api')).toHaveText('$28,737');
  };
  /** The script files holding the price data (its providers' pricing_urls) that a page and its workers load, by name. */
  const priceFiles = (p: Page) => {
    const names = new Set<string>();
    p.context().on('response', (r) => {
      if (!r.url().endsWith('.js')) return;
      r.text().then(
        (body) => body.includes('pricing_urls:') && names.add(new URL(r.url()).pathname.split('/').pop() ?? ''),
        () => undefined,
      );
    });
    return names;
  };

  const inWorker = priceFiles(page);
  await pickListPrice(new TcoPage(page));
  await expect(shell.engineStatus()).toHaveAttribute('data-engine', 'worker');

  // No worker can start: the same core runs on the page's thread.
  const { page: noWorker } = await freshPage();
  await noWorker.addInitScript(() => {
    window.Worker = class {
      constructor() {
        throw new Error('workers are disabled in this test');
      }
    } as unknown as typeof Worker;
  });
  const onPage = priceFiles(noWorker);
  await pickListPrice(new TcoPage(noWorker));
  await expect(new ShellPage(noWorker).engineStatus()).toHaveAttribute('data-engine', 'main-thread');

  await expect.poll(() => inWorker.size).toBe(1);
  await expect.poll(() => [...onPage]).toEqual([...inWorker]);
});
