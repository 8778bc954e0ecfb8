import type { Language } from '../../core/scenario/schema';
import { sniffEncoding, SNIFF_BYTES } from '../../core/text/encoding';
import { formatInteger } from '../format/format';
import { defineMessages, translate } from '../i18n/define';

export type TextFileRead =
  { ok: true; text: string } | { ok: false; problem: 'gzip' | 'binary' } | { ok: false; problem: 'too-large'; bytes: number; max: number };

/**
 * Reads a small dropped file (an engine log, a scenario, a price data set) as text on the page:
 * its first bytes decide what it is (`sniffEncoding`, the same rule as the imports in the
 * worker), and a file over `maxBytes` is refused before it is read into memory at all.
 */
export async function readTextFile(file: Blob, maxBytes: number): Promise<TextFileRead> {
  const sniff = sniffEncoding(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (sniff.kind !== 'text') return { ok: false, problem: sniff.kind };
  if (file.size > maxBytes) return { ok: false, problem: 'too-large', bytes: file.size, max: maxBytes };
  // TextDecoder leaves the byte order mark out.
  return { ok: true, text: new TextDecoder(sniff.encoding).decode(await file.arrayBuffer()) };
}

const messages = defineMessages(
  'read-text',
  {
    gzip: 'a gzip-compressed file; unpack it first',
    binary: 'not a text file',
    'too-large': 'the file is {bytes} bytes; at most {max} are read',
  },
  {
    gzip: 'eine gzip-komprimierte Datei; bitte zuerst entpacken',
    binary: 'keine Textdatei',
    'too-large': 'die Datei hat {bytes} Bytes; gelesen werden höchstens {max}',
  },
);

/** Why a file was not read, in the user's language. */
export function textFileProblem(language: Language, read: Extract<TextFileRead, { ok: false }>): string {
  if (read.problem === 'too-large')
    return translate(messages, language, 'too-large', { bytes: formatInteger(language, read.bytes), max: formatInteger(language, read.max) });
  return translate(messages, language, read.problem);
}
