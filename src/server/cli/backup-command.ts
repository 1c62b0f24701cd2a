import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BackupError } from '../modules/backups';

/**
 * The one file argument of `npm run backup` / `restore`, and `--force` where it is accepted; null (usage printed)
 * when misused, an unknown option included.
 */
export function fileArgument(
  usage: string,
  { acceptsForce }: { acceptsForce: boolean },
): { file: string; force: boolean } | null {
  try {
    const options: ParseArgsConfig['options'] = acceptsForce ? { force: { type: 'boolean' } } : {};
    const { positionals, values } = parseArgs({ allowPositionals: true, options });
    if (positionals.length !== 1) throw new Error(positionals.length ? 'Give one file.' : 'No file given.');
    return { file: positionals[0]!, force: (values as { force?: boolean }).force ?? false };
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return null;
  }
}

/**
 * Runs a backup or restore, timed: `work` answers what to print given the seconds it took. A refusal
 * (BackupError) is printed as it is, exit code 1; anything else is a bug and is thrown.
 */
export async function timed(work: () => Promise<(seconds: string) => string>): Promise<number> {
  const started = performance.now();
  try {
    const report = await work();
    console.log(report(((performance.now() - started) / 1000).toFixed(1)));
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}
