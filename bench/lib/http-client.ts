import {
  createSignerFromKeyPair,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  signBytes,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import type { ChallengeResponse, VerifyBody } from '@shared/api/auth';
import {
  OWNED_STATUSES,
  type InitiatePurchaseResponse,
  type PaymentInstructions,
  type PurchaseStatus,
} from '@shared/api/transactions';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { chainPaymentOf } from '@chain/payment/chain-payment';

/**
 * A wallet talking to a running server over real HTTP, the way the browser does: Sign-In With Solana, then the
 * purchase calls, with payment sent through the server's JSON-RPC endpoint. Each wallet claims its own client IP
 * (X-Forwarded-For, honoured with TRUST_PROXY=1) as distinct users behind a load balancer would.
 */
export class HttpWallet {
  private cookie = '';

  private constructor(
    readonly origin: string,
    readonly keys: CryptoKeyPair,
    readonly address: string,
    private readonly ip: string,
  ) {}

  /** The session cookie (`name=value`) once signed in, for a load generator to send as this wallet. */
  get sessionCookie(): string {
    return this.cookie;
  }

  static async create(origin: string, ip: string, keys?: CryptoKeyPair): Promise<HttpWallet> {
    const pair = keys ?? (await generateKeyPair());
    return new HttpWallet(origin, pair, await getAddressFromPublicKey(pair.publicKey), ip);
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: T }> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const setCookie = res.headers.getSetCookie().find((c) => /^(__Host-)?vv_session=/.test(c));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  }

  private async ok<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const res = await this.call<T>(method, path, body, headers);
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }

  async signIn(): Promise<void> {
    const challenge = await this.ok<ChallengeResponse>('POST', '/api/auth/challenge', { address: this.address });
    const bytes = new TextEncoder().encode(challenge.message);
    const body: VerifyBody = {
      input: challenge.input,
      signedMessage: Buffer.from(bytes).toString('base64'),
      signature: Buffer.from(await signBytes(this.keys.privateKey, bytes)).toString('base64'),
    };
    await this.ok('POST', '/api/auth/verify', body);
  }

  /**
   * JSON-RPC on the local validator, from this wallet's client address: `/rpc` counts airdrops per client IP (30 a
   * minute), so 50 buyers funded from one address would be refused.
   */
  async rpc<T>(method: string, params: unknown[]): Promise<T> {
    const res = await fetch(`${this.origin}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': this.ip },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(60_000),
    });
    const answer = (await res.json()) as { result?: T; error?: { message: string } | string; message?: string };
    if (!res.ok || answer.error) {
      const why = typeof answer.error === 'string' ? `${answer.error}: ${answer.message}` : answer.error?.message;
      throw new Error(`${method}: ${res.status} ${why}`);
    }
    return answer.result as T;
  }

  async airdrop(lamports: bigint): Promise<void> {
    await this.rpc('requestAirdrop', [this.address, Number(lamports)]);
  }

  /** Creates a listing as this (admin) wallet; returns its id. */
  async createListing(address: string, base58Secret: string, price: string): Promise<string> {
    const listing = await this.ok<{ id: string }>('POST', '/api/addresses', {
      address,
      price,
      privateKey: base58Secret,
    });
    return listing.id;
  }

  /** Lamports `address` holds on the local validator. */
  async balance(address: string): Promise<bigint> {
    const { value } = await this.rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }]);
    return BigInt(value);
  }

  /** Builds and signs a payment of `payment` from this wallet, on a fresh blockhash of the local validator. */
  private async signPayment(payment: PaymentInstructions) {
    const { value: lifetime } = await this.rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
      'getLatestBlockhash',
      [{ commitment: 'confirmed' }],
    );
    const message = buildPaymentTransaction({
      payment: chainPaymentOf(payment),
      buyer: await createSignerFromKeyPair(this.keys),
      lifetime: {
        blockhash: lifetime.blockhash as never,
        lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight),
      },
    });
    return signTransactionMessageWithSigners(message);
  }

  /** Pays `payment` (a purchase's or a bid deposit's instructions) on chain; returns the signature. */
  async pay(payment: PaymentInstructions): Promise<string> {
    const signed = await this.signPayment(payment);
    await this.rpc('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }]);
    return getSignatureFromTransaction(signed);
  }

  /**
   * Initiate → pay into the purchase's escrow on chain → confirm → wait for the server's verification → reveal.
   * Returns the revealed key, the purchase id and when confirm answered (performance.now()), for what follows the sale.
   */
  async buy(listing: { id: string; price: string }, pollMs = 250): Promise<Bought> {
    const clock = stepClock();
    const started = await this.ok<InitiatePurchaseResponse>('POST', '/api/transactions/initiate', {
      addressId: listing.id,
      buyerId: this.address,
      price: Number(listing.price),
      currency: 'SOL',
      membershipTier: 'basic',
    });
    const signed = await this.signPayment(started.payment);
    clock.lap('initiate');
    await this.rpc('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }]);
    const txHash = getSignatureFromTransaction(signed);
    clock.lap('pay');
    const confirmed = await this.ok<{ status: PurchaseStatus }>(
      'POST',
      `/api/transactions/${started.transactionId}/confirm`,
      { txHash, buyerWallet: this.address },
    );
    const confirmedAt = performance.now();
    clock.lap('confirm');
    // As the web app does (use-tracked-purchase.ts): verify is asked only while confirm's answer is not yet a sale.
    let sold = OWNED_STATUSES.includes(confirmed.status);
    while (!sold) {
      const res = await this.call<{ status?: PurchaseStatus }>(
        'PATCH',
        `/api/transactions/${started.transactionId}/verify`,
      );
      if (res.status !== 200 && res.status !== 409) {
        throw new Error(`verify answered ${res.status} ${JSON.stringify(res.json)}`);
      }
      sold = res.status === 200 && OWNED_STATUSES.includes(res.json.status!);
      if (!sold) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    clock.lap('verify');
    const revealed = await this.ok<{ privateKey: string }>(
      'POST',
      `/api/transactions/${started.transactionId}/reveal-private-key`,
      undefined,
      { 'x-wallet-address': this.address },
    );
    clock.lap('reveal');
    return { privateKey: revealed.privateKey, transactionId: started.transactionId, confirmedAt, steps: clock.laps };
  }
}

/** The steps of one purchase, as the buyer waits for them. */
export const BUY_STEPS = ['initiate', 'pay', 'confirm', 'verify', 'reveal'] as const;
export type BuyStep = (typeof BUY_STEPS)[number];

function stepClock() {
  let last = performance.now();
  const laps = {} as Record<BuyStep, number>;
  return {
    laps,
    lap(step: BuyStep) {
      const now = performance.now();
      laps[step] = now - last;
      last = now;
    },
  };
}

export interface Bought {
  privateKey: string;
  transactionId: string;
  /** performance.now() when confirm answered. */
  confirmedAt: number;
  /**
   * Milliseconds of each step: initiate (with the blockhash and signing), pay (sending the payment to the validator),
   * confirm, verify (0 when confirm answered a sale), reveal.
   */
  steps: Record<BuyStep, number>;
}
