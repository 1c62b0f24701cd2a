import { z } from './zod';
import { endpoint } from './endpoint';
import { id, text } from './primitives';

/** Lists whose filters live in the address, so a view is that address's query (and tab). */
export const SAVED_VIEW_LISTS = [
  'customers',
  'subscriptions',
  'cancellations',
  'devices',
  'device-swaps',
  'equipment',
  'parcels',
  'prospects',
  'suppliers',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];
/** Views one person keeps per list. */
export const SAVED_VIEWS_MAX = 30;
export const SAVED_VIEWS_FULL_MESSAGE = `Keep at most ${SAVED_VIEWS_MAX} views per list: delete one first.`;

const list = z.enum(SAVED_VIEW_LISTS, { error: `The list must be one of: ${SAVED_VIEW_LISTS.join(', ')}.` });

export const savedView = z.object({
  id: z.number(),
  list,
  name: z.string(),
  /** The address's query and hash ("?status=cancelled#hold"), paging left out. */
  search: z.string(),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof savedView>;

export const savedViewBody = z.strictObject({
  list,
  name: text({ label: 'name', max: 60 }),
  search: text({ label: 'search', max: 1000, required: false })
    .default('')
    .refine((s) => s === '' || s.startsWith('?') || s.startsWith('#'), 'The search must start with ? or #.'),
});

/** A person's named filters of a list, kept for them on the server so they follow them to any browser. */
export const savedViewEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/admin/api/saved-views',
    query: z.object({ list }),
    response: z.array(savedView),
    access: 'signed-in',
    reads: ['saved-views'],
    summary: "The signed-in user's saved views of a list, by name.",
  }),
  save: endpoint({
    method: 'POST',
    path: '/admin/api/saved-views',
    body: savedViewBody,
    response: savedView,
    status: 201,
    access: 'signed-in',
    changes: ['saved-views'],
    summary: 'Saves the filters of a list under a name; the same name again replaces them.',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/api/saved-views/:id',
    params: z.object({ id: id('The view id is invalid.') }),
    access: 'signed-in',
    changes: ['saved-views'],
    summary: "Deletes one of the signed-in user's saved views (another's answers 404).",
  }),
};
