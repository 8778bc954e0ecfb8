/**
 * Every message catalogue registers itself here under a unique name when its module is loaded
 * (`defineMessages` does it). The parity test reads this registry instead of guessing catalogues
 * from file names, and checks that every `defineMessages` call in the source is registered.
 */
export interface RegisteredCatalogue {
  readonly en: Readonly<Record<string, string>>;
  readonly de: Readonly<Record<string, string>>;
}

const catalogues = new Map<string, RegisteredCatalogue>();

/** Records a catalogue; a module evaluated again (hot reload) replaces its own entry. */
export function registerCatalogue(name: string, messages: RegisteredCatalogue): void {
  catalogues.set(name, messages);
}

/** All catalogues registered so far, by name. */
export function registeredCatalogues(): ReadonlyMap<string, RegisteredCatalogue> {
  return catalogues;
}
