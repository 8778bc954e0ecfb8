import { noticedFields, type RestoreNotice } from '../core/scenario/restore';
import { plural } from '../core/text/plural';
import type { CliIo } from './command';

/**
 * What reading a scenario file had to repair, on stderr, and whether the command may go on.
 *
 * An unknown field is always an error (a misspelt `workload.requestsPerDy` would otherwise
 * silently evaluate the default volume); so is a rejected field where `blocking` says it
 * matters to the command. `--lenient` turns both into warnings: the unknown field is ignored
 * and the rejected one takes its default, as the app does with a link.
 */
export function checkNotices(
  origin: string,
  notices: readonly RestoreNotice[],
  io: CliIo,
  options: { lenient: boolean; blocking?: (n: RestoreNotice) => boolean },
): boolean {
  const blocking = options.blocking ?? (() => true);
  const unknown = notices.filter((n) => n.action === 'ignored-unknown');
  const rejected = notices.filter((n) => n.action !== 'ignored-unknown' && blocking(n));
  const fails = !options.lenient && (unknown.length > 0 || rejected.length > 0);
  const level = fails ? 'error' : 'warning';
  for (const n of notices) {
    if (n.more !== undefined) {
      io.err(`${origin}: ${level}: … and ${n.more} more unknown fields`);
      continue;
    }
    const what =
      n.action === 'ignored-unknown'
        ? `unknown field (${options.lenient ? 'ignored' : 'check the spelling'}; was ${n.rejected})`
        : `${n.problem} (${n.action}; was ${n.rejected})`;
    io.err(`${origin}: ${level}: ${n.path}: ${what}`);
  }
  if (!fails) return true;
  const parts = [
    unknown.length > 0
      ? `${noticedFields(unknown)} unknown ${plural('en', noticedFields(unknown), { one: 'field', other: 'fields' })}: ${unknown.map((n) => (n.more !== undefined ? `and ${n.more} more` : n.path)).join(', ')}`
      : null,
    rejected.length > 0
      ? `${rejected.length} ${plural('en', rejected.length, { one: 'field', other: 'fields' })} rejected: ${rejected.map((n) => n.path).join(', ')}`
      : null,
  ].filter((p): p is string => p !== null);
  io.err(`${origin}: ${parts.join('; ')}. Fix them, or pass --lenient to ignore unknown fields and use the defaults in place of rejected ones.`);
  return false;
}
