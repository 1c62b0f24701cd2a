import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, useMatches } from 'react-router';
import { RequirePermission } from '../features/auth';
import type { PageHandle } from './feature';

export const pageFallback = (
  <Center py="xl">
    <Loader aria-label="Loading page" />
  </Center>
);

/** The matched page, drawn only for a role its route's permission allows (app/feature.ts). */
export function PermittedPage() {
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  const page = (
    <Suspense fallback={pageFallback}>
      <Outlet />
    </Suspense>
  );
  // Only a page has a permission: an address that matches none is the not-found page's, open to all.
  return handle ? <RequirePermission permission={handle.permission}>{page}</RequirePermission> : page;
}
