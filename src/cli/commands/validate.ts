import { readScenarioDocument } from '../../core/scenario/document';
import { decodeScenario } from '../../core/link/share-link';
import { json, parseFlags, type CliCommand } from '../command';
import { checkNotices } from '../notices';

/**
 * Validates a scenario file (or a share link with --link) and prints the resolved scenario:
 * the complete document after migration and restore, plus what had to be repaired.
 * An unknown or rejected field is an error (exit 1, each named on stderr); with --lenient
 * they are warnings and the resolved scenario (unknown fields ignored, rejected ones at their
 * defaults) is printed with its `notices`.
 */
export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'Check a scenario file or share link and print the resolved scenario as JSON',
  usage: 'validate <scenario.json> | validate --link "<url or 1.payload>" [--lenient]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    const link = flags.get('link');
    let result;
    let origin: string;
    if (typeof link === 'string') {
      const payload = link.includes('s=') ? (link.slice(link.indexOf('s=') + 2).split('&')[0] ?? '') : link;
      origin = 'link';
      result = decodeScenario(payload);
    } else {
      const file = positional[0];
      if (!file) {
        io.err(`Usage: ${this.usage}`);
        return 2;
      }
      origin = file;
      let raw: unknown;
      try {
        raw = JSON.parse(new TextDecoder().decode(await io.readFile(file)));
      } catch (e) {
        io.err(`${file}: not readable JSON (${e instanceof Error ? e.message : String(e)})`);
        return 1;
      }
      result = readScenarioDocument(raw, false);
    }
    if (!result.ok) {
      const { error } = result;
      // A document nested too deep gets a sentence as well: its depth is the whole story.
      if (error.kind === 'too-deep')
        io.err(`${origin}: nested ${error.depth.toLocaleString('en-US')} levels deep under "${error.path}"; at most ${error.max} allowed`);
      io.err(`${origin}: ${json(error)}`);
      return 1;
    }
    if (!checkNotices(origin, result.value.notices, io, { lenient: flags.get('lenient') === true })) return 1;
    io.out(
      json({
        ok: true,
        fromVersion: result.value.fromVersion,
        migrations: result.value.migrations,
        notices: result.value.notices,
        scenario: result.value.scenario,
      }),
    );
    return 0;
  },
};
