export { auditContext, recordAudit, stripSecrets, type AuditEntry } from './audit';
