import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../src/core/scenario/schema';
import { expect, expectClean, guardPage, test } from './fixtures';
import { LibraryPanel } from './pages/library';
import { ShellPage } from './pages/shell';

test.describe('saved scenarios', () => {
  test('save, reload, still there; rename, duplicate, delete', async ({ page, shell, library }) => {
    await shell.open();
    await shell.scenarioName().fill('API only');
    await library.open();
    await library.saveAsNew();
    await expect(library.item('API only')).toHaveCount(1);
    await library.close();

    await page.reload();
    await library.open();
    await expect(library.item('API only')).toHaveCount(1);

    await library.duplicate('API only');
    await expect(library.item('API only (copy)')).toHaveCount(1);
    await library.rename('API only (copy)', '8x H200 owned');
    await expect(library.item('8x H200 owned')).toHaveCount(1);

    await library.delete('8x H200 owned');
    await expect(library.items()).toHaveCount(1);
  });

  test('a scenario file round-trips through download and re-import', async ({ shell, library }) => {
    await shell.open();
    await shell.scenarioName().fill('Exported scenario');
    await library.open();
    const file = await library.download();
    await shell.scenarioName().fill('Something else');
    await library.importFile(file);
    await expect(library.message()).toContainText('Opened');
    await expect(shell.scenarioName()).toHaveValue('Exported scenario');
  });

  test('a bad scenario file is refused with its name', async ({ shell, library }) => {
    await shell.open();
    await library.open();
    await library.importFile({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"type":"other","version":1}') });
    await expect(library.message()).toContainText('notes.json could not be opened: it holds a document of another kind ("other")');
  });

  test('a "__proto__" key in a scenario file is named as an unknown field, like "constructor"', async ({ shell, library }) => {
    await shell.open();
    await library.open();
    const text = `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"name":"Prototype file","__proto__":{"polluted":1},"constructor":2}`;
    await library.importFile({ name: 'proto.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(library.message()).toContainText('Opened proto.json; 2 values were invalid and replaced: __proto__ (');
    await expect(library.message()).toContainText('; constructor (');
    await expect(shell.scenarioName()).toHaveValue('Prototype file');
  });

  test('a scenario file with 60,000 unknown fields names 20 of them and counts the rest', async ({ shell, library }) => {
    await shell.open();
    await library.open();
    const doc: Record<string, unknown> = { ...DEFAULT_SCENARIO, type: SCENARIO_TYPE, version: SCENARIO_VERSION, name: 'Many unknown fields' };
    // Short names, so the file stays under the 1 MB a scenario file may have.
    for (let i = 0; i < 60_000; i++) doc[`f${i}`] = 0;
    await library.importFile({ name: 'wide.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
    const message = library.message();
    await expect(message).toContainText('Opened wide.json; 60,000 values were invalid and replaced: f0 (');
    await expect(message).toContainText('; f19 (');
    await expect(message).toContainText('; and 59,980 more unknown fields');
    const text = await message.innerText();
    expect(text).not.toContain('f20 (');
    expect(text.match(/\bf\d+ \(/g)).toHaveLength(20);
    // 20 names with their reason and the count: a paragraph, not 60,000 entries.
    expect(text.length).toBeLessThan(2_000);
    await expect(shell.scenarioName()).toHaveValue('Many unknown fields');
  });

  test('a save over a newer save from another tab asks first; each tab keeps its own edit', async ({ context, baseURL, shell, library }) => {
    await shell.open();
    await shell.scenarioName().fill('Shared plan');
    await library.open();
    await library.saveAsNew();
    await library.close();

    // Tab B opens the same saved scenario, changes it and saves.
    const pageB = await context.newPage();
    const guardB = guardPage(pageB, baseURL ?? '');
    const shellB = new ShellPage(pageB);
    const libraryB = new LibraryPanel(pageB);
    await shellB.open();
    await libraryB.open();
    await libraryB.openItem('Shared plan');
    await shellB.scenarioName().fill('Shared plan, edited in B');
    await libraryB.open();
    await libraryB.saveChanges();
    await expect(libraryB.state()).toContainText('saved');

    // Tab A, still on revision 1, saves its own change: the conflict is named, nothing is overwritten.
    await shell.scenarioName().fill('Shared plan, edited in A');
    await library.open();
    await library.saveChanges();
    await expect(library.conflict()).toContainText('"Shared plan, edited in B" was saved elsewhere');
    await expect(shell.scenarioName()).toHaveValue('Shared plan, edited in A');
    await expect(shellB.scenarioName()).toHaveValue('Shared plan, edited in B');
    expectClean(guardB);
  });
});
