/** What the frame uses of prospects: the outbox of visits waiting to send, its sender, and its removal at sign-out. */
export { useOutbox, useOutboxSender } from './outbox/useOutbox';
export { deleteOutbox } from './outbox/outbox-db';
