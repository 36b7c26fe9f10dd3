import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { transactionAudit } from '../../db/schema';

export interface AuditEntry {
  /** Dotted verb, e.g. 'auth.sign_in', 'listing.create', 'key.reveal'. */
  action: string;
  /** The acting wallet, 'system' / 'cli' for the server itself, null when unknown. */
  performedBy: string | null;
  transactionId?: string | null;
  metadata?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * Keys never stored in an audit row, at any depth, whatever the caller passed: audit rows are read by people and
 * exported, so they must not become a second copy of a key, a session or a signature.
 */
const SECRET_KEYS = new Set([
  'privatekey',
  'secretkey',
  'secret',
  'seed',
  'signature',
  'signedmessage',
  'token',
  'sessiontoken',
  'cookie',
  'password',
  'masterkey',
]);

export function stripSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[truncated]';
  if (Array.isArray(value)) return value.map((v) => stripSecrets(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(key.toLowerCase())) continue;
      out[key] = typeof v === 'bigint' ? v.toString() : stripSecrets(v, depth + 1);
    }
    return out;
  }
  return typeof value === 'bigint' ? value.toString() : value;
}

/** The insert of one `transaction_audit` row, not run yet: for `inOneStatement` with the change it records. */
export function auditRow(db: Queryable, entry: AuditEntry) {
  return db.insert(transactionAudit).values({
    action: entry.action,
    performedBy: entry.performedBy,
    transactionId: entry.transactionId ?? null,
    metadata: entry.metadata ? (stripSecrets(entry.metadata) as Record<string, unknown>) : null,
    ipAddress: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
  });
}

/** Writes one `transaction_audit` row. Pass the transaction handle to make the row part of the change it records. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await auditRow(db, entry);
}

/** Who and from where, for `recordAudit({ ...auditContext(request), action, … })`. */
export function auditContext(request: FastifyRequest): {
  performedBy: string | null;
  ip: string;
  userAgent: string | null;
} {
  return {
    performedBy: request.session?.walletAddress ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };
}
