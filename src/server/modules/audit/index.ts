export { auditContext, auditRow, recordAudit } from './audit';
