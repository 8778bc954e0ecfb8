import { readFile } from 'node:fs/promises';
import type { CliCommand, CliIo } from './command';
import { capacityCommand } from './commands/capacity';
import { evaluateCommand } from './commands/evaluate';
import { fitCommand } from './commands/fit';
import { importCommand } from './commands/import';
import { pilotCommand } from './commands/pilot';
import { planCommand } from './commands/plan';
import { validateCommand } from './commands/validate';
import { workloadCommand } from './commands/workload';

/**
 * Command-line entry over the same core the app runs in its worker:
 * `npm run cli -- <command> …`. Output is JSON on stdout; problems go to stderr.
 */
const COMMANDS: readonly CliCommand[] = [
  validateCommand,
  fitCommand,
  pilotCommand,
  importCommand,
  capacityCommand,
  evaluateCommand,
  workloadCommand,
  planCommand,
];

const io: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  readFile: async (path) => new Uint8Array(await readFile(path)),
};

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: npm run cli -- <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}\n  ${' '.repeat(width)}  ${c.usage}`),
    '',
    'All output is JSON on stdout. Exit codes: 0 ok, 1 invalid input, 2 usage error.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  if (rest.includes('--help')) {
    io.out(`Usage: npm run cli -- ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  return command.run(rest, io);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`Unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
