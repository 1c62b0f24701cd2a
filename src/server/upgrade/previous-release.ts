import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ReleaseCheckout {
  /** A folder holding the release's files, with this checkout's node_modules. */
  dir: string;
  remove(): void;
}

/**
 * A release's code, as it was at its commit, in a temporary folder: `git archive` of the commit (no worktree to
 * clean up if the run is cut short), with this checkout's node_modules linked in.
 */
export function checkoutRelease(commit: string): ReleaseCheckout {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-release-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  } catch (err) {
    remove();
    throw new Error(
      `the code of commit ${commit} could not be read from git (a shallow clone lacks it): ${String(err)}`,
    );
  }
  fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'));
  return { dir, remove };
}
