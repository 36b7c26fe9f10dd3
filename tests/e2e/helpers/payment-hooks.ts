import { getBase58Decoder, getTransactionDecoder, getTransactionEncoder, type Transaction } from '@solana/kit';
import type { Page } from 'playwright-core';

/*
 * Two things that happen to real payments, made to happen on purpose against the local validator:
 * a wallet that signs a different amount than the app asked for, and an RPC node that accepts a transaction but
 * delivers it to the chain late. The chain and the server stay real: they judge what actually lands.
 */

const b58 = getBase58Decoder();

/** System Program transfer data: instruction index 2 (u32 LE), then the lamports (u64 LE). */
function transferData(lamports: bigint): Uint8Array {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The Test Wallet's next signature covers a transfer of `paid` lamports instead of `asked`: a faulty or malicious
 * wallet. The page gets a validly signed transaction that pays too little.
 */
export async function underpayNextPayment(page: Page, asked: bigint, paid: bigint) {
  await page.exposeFunction('__testUnderpay', (wire: string) => {
    const tx = getTransactionDecoder().decode(Buffer.from(wire, 'base64'));
    const message = new Uint8Array(tx.messageBytes);
    const at = indexOf(message, transferData(asked));
    if (at < 0) throw new Error('the payment has no transfer of the asked amount');
    message.set(transferData(paid), at);
    const changed = { ...tx, messageBytes: message } as unknown as Transaction;
    return Buffer.from(getTransactionEncoder().encode(changed)).toString('base64');
  });
  await page.evaluate(() => {
    const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const original = w.__testWallet_signTransaction!;
    w.__testWallet_signTransaction = async (address, wire) => {
      w.__testWallet_signTransaction = original;
      return original(address, await w.__testUnderpay!(wire));
    };
  });
}

/** The Test Wallet's next signed transaction comes back with a damaged signature: a broken wallet. */
export async function corruptNextSignature(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const original = w.__testWallet_signTransaction!;
    w.__testWallet_signTransaction = async (address, wire) => {
      w.__testWallet_signTransaction = original;
      const signed = Uint8Array.from(atob((await original(address, wire)) as string), (c) => c.charCodeAt(0));
      signed[1] = signed[1]! ^ 0xff; // byte 0 counts the signatures; the fee payer's signature follows
      return btoa(String.fromCharCode(...signed));
    };
  });
}

/**
 * The page's RPC endpoint accepts the next sendTransaction and answers its signature, but the transaction reaches
 * the chain only when the test calls `deliver()`: a payment "in flight" for as long as the test needs.
 */
export async function delayNextPaymentDelivery(page: Page, baseUrl: string) {
  let held: string | undefined;
  let onHeld!: (signature: string) => void;
  const signature = new Promise<string>((resolve) => (onHeld = resolve));
  await page.route('**/rpc', async (route) => {
    const body = route.request().postData() ?? '';
    const call = JSON.parse(body || '{}') as { id?: unknown; method?: string; params?: [string] };
    if (held !== undefined || call.method !== 'sendTransaction' || !call.params) return route.fallback();
    held = body;
    const tx = getTransactionDecoder().decode(Buffer.from(call.params[0], 'base64'));
    const feePayerSignature = Object.values(tx.signatures)[0];
    if (!feePayerSignature) throw new Error('the payment is not signed');
    const sig = b58.decode(feePayerSignature);
    await route.fulfill({ json: { jsonrpc: '2.0', id: call.id, result: sig } });
    onHeld(sig);
  });
  return {
    signature,
    async deliver() {
      if (held === undefined) throw new Error('no payment was sent yet');
      const res = await fetch(`${baseUrl}/rpc`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: held,
      });
      const answer = (await res.json()) as { result?: string; error?: { message: string } };
      if (!answer.result) throw new Error(`the chain refused the delayed payment: ${answer.error?.message}`);
    },
  };
}
