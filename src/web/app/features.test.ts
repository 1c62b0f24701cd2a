import { describe, expect, it } from 'vitest';
import { ROLE_IDS, allows } from '../../contract/access';
import { paths } from '../paths';
import { actions, features, nav, pagePermission } from './features';

const framePages = features.flatMap((feature) => feature.routes ?? []);
const publicPages = features.flatMap((feature) => feature.publicRoutes ?? []).map((route) => route.path);

describe('who may open each page', () => {
  it('is declared for every page inside the frame, each path once', () => {
    const declared = framePages.map((route) => (route.index ? paths.dashboard : route.path));
    expect(new Set(declared).size).toBe(declared.length);
    const inFrame = Object.values(paths).filter((path) => !publicPages.includes(path));
    expect([...declared].sort()).toEqual([...inFrame].sort());
  });

  it('offers each sidebar and palette entry with the permission of the page it opens', () => {
    expect(nav.find((entry) => entry.href === paths.devices)?.permission).toBe('devices.view');
    expect(actions.find((entry) => entry.href === paths.prospectCreate)?.permission).toBe('prospects.log');
    for (const entry of [...nav, ...actions]) expect(entry.permission, entry.label).toBe(pagePermission(entry.href));
  });

  it('lets every role open its own account from the sidebar, as its last entry', () => {
    expect(pagePermission(paths.account)).toBe('signed-in');
    for (const role of ROLE_IDS) {
      const offered = nav.filter((entry) => allows(role, entry.permission));
      expect(offered.at(-1), role).toMatchObject({ label: 'Your account', href: paths.account });
    }
  });

  it('knows no page at an address no route declares', () => {
    expect(() => pagePermission('/admin/nowhere')).toThrow('No page is declared at /admin/nowhere.');
  });
});
