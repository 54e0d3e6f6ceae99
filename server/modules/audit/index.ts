/**
 * The audit module's public face (eslint.config.js zone (j)): the audit log every staff change
 * is written to, and the history a staff screen shows of one object.
 */
export { actorOf, type AuditActor, auditHistory, recordAudit } from './audit';
