import { z } from './zod';
import { endpoint } from './endpoint';
import { pageOf, pageQuery } from './pagination';
import { searchText, text } from './primitives';

export const FEEDBACK_BODY_MAX = 10_000;
export const FEEDBACK_THANKS_MESSAGE = 'Thank you for your feedback!';

export const feedbackRow = z.object({
  id: z.number(),
  body: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export const feedbackEndpoints = {
  submit: endpoint({
    method: 'POST',
    path: '/admin/feedback-submissions',
    body: z.strictObject({ body: text({ label: 'body', max: FEEDBACK_BODY_MAX }) }),
    response: z.object({ id: z.number() }),
    status: 201,
    access: 'feedback.send',
    changes: ['feedback', 'audit'],
    idempotent: true,
    summary: 'Sends feedback to the team as the signed-in user.',
  }),
  list: endpoint({
    method: 'GET',
    path: '/admin/api/feedback-submissions',
    query: pageQuery.extend({ q: searchText(200).default('') }),
    response: pageOf(feedbackRow),
    access: 'feedback.view',
    reads: ['feedback'],
    summary: 'A page of feedback, newest first, optionally searched.',
  }),
};
