/**
 * docs/product-spec.md#validation-rules: the price field drops minus signs and keeps digits with at most one decimal
 * point.
 */
export function sanitizePrice(input: string): string {
  const cleaned = input.replace(/-/g, '').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}
