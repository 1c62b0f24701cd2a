import fs from 'node:fs';
import path from 'node:path';
import { allows, type Access, type RoleId } from '../../contract/access';
import { authEndpoints } from '../../contract/auth';
import { urlOf, type ReadEndpoint } from '../../contract/endpoint';
import {
  clusterQueryOf,
  FIRST_CLUSTER_VIEW,
  GENERAL_MAP_LAYERS,
  mapEndpoints,
  PROSPECT_MAP_FIRST_SUBSET,
  type MapLayers,
} from '../../contract/maps';
import { mfaEndpoints } from '../../contract/mfa';
import {
  CUSTOMERS_PAGE,
  DASHBOARD_PAGE,
  EARLY_ANSWERS,
  LOGIN_PAGE,
  MAP_PAGE,
  PROSPECT_MAP_PAGE,
  SET_PASSWORD_PAGE,
} from '../../contract/pages';
import { DASHBOARD_OPENING_TRENDS, statsEndpoints, trendName } from '../../contract/stats';

/**
 * A GET a page's first view makes: its endpoint, whose access decides which roles the HTML asks it for, and what
 * else a role needs for the data this call asks (a layer of members on a map).
 */
interface EarlyAnswer {
  endpoint: ReadEndpoint;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  alsoNeeds?: Access;
}

/** A map page's first clusters, as its map asks them before it is laid out. */
const firstClusters = (layers: MapLayers): EarlyAnswer => ({
  endpoint: mapEndpoints.clusters,
  query: clusterQueryOf(FIRST_CLUSTER_VIEW, layers),
  ...(layers.members && { alsoNeeds: mapEndpoints.customers.access }),
});

/** What a page's first view runs: web modules as the build manifest keys them (paths under src/web), and its first GETs. */
interface PageStart {
  modules: string[];
  answers?: EarlyAnswer[];
}

/** The admin frame, and the answers it waits on before it draws any page. */
export const FRAME_MODULES = ['app/Shell.tsx'];
const FRAME_ANSWERS: EarlyAnswer[] = [{ endpoint: authEndpoints.me }, { endpoint: mfaEndpoints.status }];

/** The pages drawn without the frame, open to a signed-in user too (an invitation's link). */
const OUTSIDE_FRAME = new Set([LOGIN_PAGE, SET_PASSWORD_PAGE]);

/** The pages most opened first; any other signed-in page starts the frame alone. */
export const PAGES: Record<string, PageStart> = {
  [DASHBOARD_PAGE]: {
    modules: ['features/dashboard/DashboardPage.tsx', 'ui/chart/EChart.tsx'],
    answers: DASHBOARD_OPENING_TRENDS.map(({ endpoint, view }) => ({
      endpoint: statsEndpoints.trend,
      params: { name: trendName(endpoint, view) },
    })),
  },
  [MAP_PAGE]: {
    modules: ['features/maps/MapPage.tsx'],
    answers: [{ endpoint: mapEndpoints.config }, firstClusters(GENERAL_MAP_LAYERS)],
  },
  [PROSPECT_MAP_PAGE]: {
    modules: ['features/maps/ProspectMapPage.tsx'],
    answers: [{ endpoint: mapEndpoints.config }, firstClusters({ visits: PROSPECT_MAP_FIRST_SUBSET })],
  },
  [CUSTOMERS_PAGE]: { modules: ['features/customers/CustomersPage.tsx'] },
};

/**
 * The URLs a page's HTML asks for on behalf of a role: only those whose endpoint the role may call. Another would
 * be a 403 in the browser's console and a refusal in the audit log (a role without the dashboard is sent on to its
 * first page, and the frame shows a page it may not open as the permission message alone).
 */
export function earlyAnswers(page: string, role: RoleId): string[] {
  return [...FRAME_ANSWERS, ...(PAGES[page]?.answers ?? [])]
    .filter(({ endpoint, alsoNeeds }) => allows(role, endpoint.access) && (!alsoNeeds || allows(role, alsoNeeds)))
    .map(({ endpoint, params, query }) => urlOf(endpoint, { params, query }));
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * For the head of a signed-in page's HTML, from the build's manifest (`.vite/manifest.json`): a modulepreload
 * link for every chunk the page's route loads that index.html does not already name, and a preload of its CSS, so
 * the browser fetches them all at once beside the entry instead of a chunk at a time as each one's imports are seen;
 * and a script starting the GETs its first view makes before any of that code has arrived (ADR 041).
 * With no manifest (a test's stand-in page) a page starts nothing ahead.
 */
export function pageStarts(
  webDir: string,
  template: string,
): (pathname: string, role: RoleId) => { script: string; links: string } {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => ({ script: '', links: '' });
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const links = (modules: string[]) => {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The build manifest has no ${key}: update PAGES in page-starts.ts.`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.css?.forEach((file) => css.add(file));
      chunk.imports?.forEach(visit);
    };
    modules.forEach(visit);
    // Hashed file names of the build: nothing in them to escape.
    const href = (file: string) => `/admin/${file}`;
    return [
      ...[...files]
        .filter((file) => !template.includes(file))
        .map((f) => `<link rel="modulepreload" crossorigin href="${href(f)}">`),
      ...[...css]
        .filter((file) => !template.includes(file))
        .map((f) => `<link rel="preload" as="style" crossorigin href="${href(f)}">`),
    ].join('\n    ');
  };
  const frameLinks = links(FRAME_MODULES);
  const pageLinks = new Map(
    Object.entries(PAGES).map(([page, start]) => [page, links([...FRAME_MODULES, ...start.modules])]),
  );

  return (pathname, role) => {
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // Pages outside the frame ask for none of its answers: one never taken would stay open as long as the page.
    if (OUTSIDE_FRAME.has(page)) return { script: '', links: '' };
    return { script: earlyScript(earlyAnswers(page, role)), links: pageLinks.get(page) ?? frameLinks };
  };
}

/**
 * Asks for `urls` as the app's HTTP client would (lib/http.ts: same origin, the session cookie, JSON errors), and
 * leaves each answer's promise for it under EARLY_ANSWERS.
 */
const earlyScript = (urls: string[]) =>
  `window.${EARLY_ANSWERS}={};${JSON.stringify(urls).replace(/</g, '\\u003c')}.forEach(function(u){` +
  `var p=fetch(u,{credentials:'same-origin',headers:{'X-Requested-With':'XMLHttpRequest',Accept:'application/json'}});` +
  // Taken or not, a failure is the app's to report: none is left unhandled in the console.
  `p.catch(function(){});window.${EARLY_ANSWERS}[u]=p})`;
