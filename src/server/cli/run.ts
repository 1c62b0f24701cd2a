import { DataDirLockedError } from '../db/data-dir-lock';

/** Runs a command's main and exits with its code; a locked data folder or bad configuration is said plainly. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (
        err instanceof DataDirLockedError ||
        (err instanceof Error && err.message.startsWith('Invalid configuration'))
      )
        console.error(err.message);
      else console.error(err);
      process.exit(1);
    },
  );
}
