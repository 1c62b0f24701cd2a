import type { ComponentType } from 'react';
import type { IndexRouteObject, NonIndexRouteObject, RouteObject } from 'react-router';
import type { Access } from '../../contract/access';

/** What opening a page inside the frame needs: a permission, or only being signed in (the user's own account). */
export type PagePermission = Exclude<Access, 'public'>;

/**
 * A page inside the frame and who may open it. The frame draws the page only for a role its permission allows;
 * anyone else, arriving by the address, gets the permission message alone and the page asks the server for nothing.
 * The sidebar and the palette offer a page by the same declaration.
 */
export type PageRoute = (
  Omit<IndexRouteObject, 'loader' | 'handle'> | Omit<NonIndexRouteObject, 'loader' | 'handle' | 'children'>
) & {
  permission: PagePermission;
  /** Starts the page's first queries beside its code, for a role that may open it (the route waits for neither). */
  prefetch?: () => void;
};

/** What the router keeps of a page's declaration, for the frame to read from the matched route. */
export interface PageHandle {
  permission: PagePermission;
}

/** A page offered in the sidebar or the command palette. */
export interface NavItem {
  label: string;
  href: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** A page offered with what opening it needs, read from its route: only the entries the user's role allows are shown. */
export interface NavEntry extends NavItem {
  permission: PagePermission;
}

/**
 * What a feature adds to the app, declared in its feature.ts: the router, the sidebar and the command palette are
 * built from the list of features (features.ts). feature.ts is part of the first download, so it imports no module
 * of its feature: each page loads with `lazy: () => import('./SomePage')` when it is first opened. What other
 * features use of a feature (its widgets and hooks) is its index.ts, which the first download does not reach.
 */
export interface Feature {
  /** Pages inside the admin frame. */
  routes?: PageRoute[];
  /** Pages outside the frame, open before signing in. */
  publicRoutes?: RouteObject[];
  /** Sidebar entries. */
  nav?: NavItem[];
  /** Things staff start from anywhere, offered by the command palette beside the sidebar's pages. */
  actions?: NavItem[];
}
