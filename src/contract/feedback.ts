import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';

export const feedbackPaths = {
  submit: '/admin/feedback-submissions',
  list: '/admin/api/feedback-submissions',
} as const;

export const FEEDBACK_BODY_MAX = 10_000;
export const FEEDBACK_THANKS_MESSAGE = 'Thank you for your feedback!';

export const feedbackBody = z.strictObject({
  body: z
    .string({ error: 'The body field is required.' })
    .trim()
    .min(1, 'The body field is required.')
    .max(FEEDBACK_BODY_MAX, `The body may not be longer than ${FEEDBACK_BODY_MAX} characters.`),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackRow = z.object({
  id: z.number(),
  body: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

export const feedbackListQuery = pageQuery.extend({
  q: z.string().trim().max(200, 'The search may not be longer than 200 characters.').optional(),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuery>;

export const feedbackPage = pageOf(feedbackRow);
