import type { Locator, Page } from '@playwright/test';

/** The API group's list-price picker (genai-prices' data, or a data.json dropped on it). */
export class ListPricePicker {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('tco-list-price');
  }

  /** Opens the picker from its link in the API group (open the group first). */
  async open(): Promise<ListPricePicker> {
    await this.page.getByRole('button', { name: /List price from genai-prices/ }).click();
    return this;
  }

  /** Picks a provider and one of its models by their option values ("openai", "gp:openai/gpt-4.1"). */
  async pick(provider: string, model: string): Promise<void> {
    await this.root().getByRole('combobox', { name: 'Provider' }).selectOption(provider);
    await this.models().selectOption(model);
  }

  models(): Locator {
    return this.root().getByRole('combobox', { name: 'Model' });
  }

  /** Drops a price file made in the page, with the modification time a file system would give it. */
  async dropFile(name: string, text: string, lastModified: number): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(
      ({ body, fileName, time }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([body], fileName, { lastModified: time }));
        return dt;
      },
      { body: text, fileName: name, time: lastModified },
    );
    await this.root().dispatchEvent('drop', { dataTransfer });
  }

  /** Which data the prices come from ("Prices from your data.json"). */
  data(): Locator {
    return this.page.getByTestId('tco-list-price-data');
  }

  /** The note on the file's date when it gives none a calendar holds. */
  date(): Locator {
    return this.page.getByTestId('tco-list-price-date');
  }

  error(): Locator {
    return this.page.getByTestId('tco-list-price-error');
  }

  /** The note that the file could not be stored and lives in this tab only. */
  notStored(): Locator {
    return this.page.getByTestId('tco-list-price-not-stored');
  }

  /** The model choice's options as the testid'd select lists them. */
  modelOptions(): Locator {
    return this.page.getByTestId('tco-list-price-model').locator('option');
  }
}
