import { z } from 'zod';

/**
 * The one import of zod's `z` for schemas (lint-enforced): it is configured before any schema exists.
 *
 * In the browser, zod compiles object parsers with `new Function` once it has probed that eval works; the page's
 * Content Security Policy forbids eval, so the probe alone was reported as a violation on every page load.
 * `jitless` skips both. The server has no such policy and keeps the compiled parsers, which are faster.
 */
z.config({ jitless: typeof document !== 'undefined' });

export { z };
