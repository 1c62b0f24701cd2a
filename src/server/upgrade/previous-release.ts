import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ReleaseCheckout {
  /** A folder holding the release's files, with its own dependencies. */
  dir: string;
  remove(): void;
}

/**
 * A release's code, as it was at its commit, in a temporary folder: `git archive` of the commit (no worktree to
 * clean up if the run is cut short), with its dependencies as its lockfile names them: this checkout's node_modules
 * linked in when the lockfiles are the same, else installed there (a release may depend on a package this one
 * dropped), as an operator's deployment of it would have them.
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
  const sameLock =
    fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === fs.readFileSync('package-lock.json', 'utf8');
  try {
    if (sameLock) fs.symlinkSync(fs.realpathSync('node_modules'), path.join(dir, 'node_modules'));
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, remove };
}
