/**
 * The mail module's public face (eslint.config.js zone (j)): the outbox callers queue a mail in
 * (in their own transaction) and the plugin that sends it.
 */
export { enqueueEmail, type OutgoingEmail } from './outbox';
export { mailSenderPlugin } from './sender';
