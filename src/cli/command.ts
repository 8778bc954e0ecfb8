/** One sub-command of the CLI. `run` returns the process exit code. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run: (args: string[], io: CliIo) => Promise<number>;
}

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  readFile: (path: string) => Promise<Uint8Array>;
}

/** Minimal flag parser: `--name value`, `--flag`, and positional arguments. */
export function parseFlags(args: string[]): { flags: Map<string, string | true>; positional: string[] } {
  const flags = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq !== -1) flags.set(a.slice(2, eq), a.slice(eq + 1));
      else if (i + 1 < args.length && !(args[i + 1] as string).startsWith('--')) flags.set(a.slice(2), args[++i] as string);
      else flags.set(a.slice(2), true);
    } else positional.push(a);
  }
  return { flags, positional };
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
