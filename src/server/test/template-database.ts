import { createTemplate, TEMPLATE_ENV } from './database';

/**
 * Global setup of the tiers that open test databases: migrates one template per run, which each test file's
 * database is then copied from (CREATE DATABASE … TEMPLATE, or a PGlite data dir loaded from its dump) instead
 * of migrating its own. Set before Vitest starts its workers, the variable reaches every test file.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const { template, remove } = await createTemplate();
  process.env[TEMPLATE_ENV] = template;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await remove();
  };
}
