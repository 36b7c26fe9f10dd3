import type { BulkCreateResponse } from '@shared/api/listings';

type BulkResult = BulkCreateResponse['results'][number];

/**
 * What happened to each line of a bulk upload, collected in any order and answered in line order. One small
 * result object per line (what the response carries anyway) plus its line number; reasons only for failures.
 */
export class BulkOutcomes {
  private readonly lines: number[] = [];
  private readonly results: BulkResult[] = [];
  private readonly failures: { line: number; reason: string }[] = [];
  private successful = 0;

  succeed(line: number, address: string, pattern: string | null, price: string): void {
    this.lines.push(line);
    this.results.push({ address, pattern, price, status: 'success' });
    this.successful++;
  }

  /** `address` is '' when it must not be echoed (it may be a key pasted in the wrong column). */
  fail(line: number, address: string, reason: string): void {
    this.lines.push(line);
    this.results.push({ address, pattern: null, price: null, status: 'failed' });
    this.failures.push({ line, reason });
  }

  finish(): { results: BulkResult[]; errors: string[]; successful: number } {
    const { lines, results } = this;
    const order = Array.from(lines.keys()).sort((a, b) => lines[a]! - lines[b]! || a - b);
    const failures = this.failures.sort((a, b) => a.line - b.line);
    return {
      results: order.map((i) => results[i]!),
      errors: failures.map((f) => `Line ${f.line}: ${f.reason}`),
      successful: this.successful,
    };
  }
}
