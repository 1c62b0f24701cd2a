import { describe, expect, it, vi } from 'vitest';

describe('schemas in the browser', () => {
  it('parse without zod ever trying eval, which the pages’ Content Security Policy reports', async () => {
    const evalTried = vi.spyOn(globalThis, 'Function');
    const { auditLogQuery } = await import('./audit');
    const { changePasswordBody } = await import('./staff');
    expect(auditLogQuery.safeParse({ entityType: 'device', entityId: '3' }).success).toBe(true);
    expect(changePasswordBody.safeParse({ currentPassword: 'a', password: 'b' }).success).toBe(false);
    expect(evalTried).not.toHaveBeenCalled();
  });
});
