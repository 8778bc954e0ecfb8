import { expect, test } from './fixtures';

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

    await library.item('API only').getByRole('button', { name: 'Duplicate' }).click();
    await expect(library.item('API only (copy)')).toHaveCount(1);
    await library.item('API only (copy)').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: /New name for/ }).fill('8x H200 owned');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(library.item('8x H200 owned')).toHaveCount(1);

    page.once('dialog', (d) => void d.accept());
    await library.item('8x H200 owned').getByRole('button', { name: 'Delete' }).click();
    await expect(library.items()).toHaveCount(1);
  });

  test('a scenario file round-trips through download and re-import', async ({ page, shell, library }) => {
    await shell.open();
    await shell.scenarioName().fill('Exported scenario');
    await library.open();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download scenario (JSON)' }).click();
    const file = await (await download).path();
    await shell.scenarioName().fill('Something else');
    await page.getByTestId('import-json').setInputFiles(file);
    await expect(page.getByTestId('library-message')).toContainText('Opened');
    await expect(shell.scenarioName()).toHaveValue('Exported scenario');
  });

  test('a bad scenario file is refused with its name', async ({ page, shell, library }) => {
    await shell.open();
    await library.open();
    await page.getByTestId('import-json').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"type":"other","version":1}') });
    await expect(page.getByTestId('library-message')).toContainText('notes.json could not be opened: it holds a document of another kind ("other")');
  });
});
