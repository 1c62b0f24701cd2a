import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Permission } from '../../contract/access';

export interface NavEntry {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** What the page needs; the sidebar and the palette show only the entries the user's role allows. */
  permission: Permission;
}

/**
 * What a feature adds to the app, declared in its feature.ts: the router, the sidebar and the command palette are
 * built from the list of features (features.ts). feature.ts is part of the first download, so it imports no module
 * of its feature: each page loads with `lazy: () => import('./SomePage')` when it is first opened. What other
 * features use of a feature (its widgets and hooks) is its index.ts, which the first download does not reach.
 */
export interface Feature {
  /** Pages inside the admin frame. */
  routes?: RouteObject[];
  /** Pages outside the frame, open before signing in. */
  publicRoutes?: RouteObject[];
  /** Sidebar entries. */
  nav?: NavEntry[];
  /** Things staff start from anywhere, offered by the command palette beside the sidebar's pages. */
  actions?: NavEntry[];
}
