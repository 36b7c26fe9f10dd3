import type { Receipt } from '@shared/trust/receipt-schema';

/** What a receipt is, by its statement's type: its button's label, its file's name and the verdict's words. */
export const RECEIPT_KINDS: Record<Receipt['statement']['type'], { label: string; file: string; noun: string }> = {
  'vanity-vault/sale-receipt/v1': { label: 'Sale receipt', file: 'sale', noun: 'sale receipt' },
  'vanity-vault/destroy-receipt/v1': { label: 'Destroy receipt', file: 'destroy', noun: 'destroy receipt' },
  'vanity-vault/order-delivery/v1': { label: 'Delivery receipt', file: 'delivery', noun: 'order delivery receipt' },
};
