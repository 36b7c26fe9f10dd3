import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '@tests/helpers/render-web';
import { SolanaPayQr } from './solana-pay-qr';

describe('SolanaPayQr', () => {
  it('draws the request as a QR code named for screen readers, and links it for a wallet app on this phone', () => {
    const url = 'solana:https://shop.example/api/pay/bids/b-1';
    const html = renderStatic(<SolanaPayQr url={url} what="this bid's deposit" />);
    expect(html).toContain(`data-solana-pay-url="${url}"`);
    expect(html).toContain('aria-label="Solana Pay QR code for this bid&#x27;s deposit"');
    expect(html).toMatch(/<svg[^>]*role="img"[\s\S]*<path/);
    expect(html).toContain(`href="${url}"`);
    expect(textOf(html)).toContain('Open in wallet app');
  });
});
