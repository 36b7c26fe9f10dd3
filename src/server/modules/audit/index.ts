export { auditContext, auditRow, recordAudit, stripSecrets, type AuditEntry } from './audit';
