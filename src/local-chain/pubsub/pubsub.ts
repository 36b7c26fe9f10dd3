import type { LandedEvent, ValidatorCore } from '../core';
import { errorResponse, readEnvelope, toJsonSafe } from '../json-rpc';
import { RpcError, RpcErrorCode } from '../rpc-error';
import { reached, SUBSCRIBE_METHODS, type Subscription } from './subscriptions';

export interface PubSubLimits {
  /** Subscriptions one connection may hold at once. */
  perConnection: number;
  /** Subscriptions all connections of one client (one address) may hold, so that one cannot take the total. */
  perClient: number;
  /** Subscriptions all connections together may hold. */
  total: number;
}

export const DEFAULT_PUBSUB_LIMITS: PubSubLimits = { perConnection: 256, perClient: 1_000, total: 10_000 };

/** One client connection, whatever carries it (a WebSocket; a test's array). */
export interface PubSubConnection {
  /** Handles one text frame; answers (if any) go through the connection's `send`. */
  receive(text: string): void;
  /** Drops every subscription of the connection. */
  close(): void;
  readonly subscriptionCount: number;
}

type Send = (message: unknown) => void;

interface Active {
  subscription: Subscription;
  send: Send;
  owner: Set<number>;
  client: string;
}

/**
 * Solana's PubSub over any message transport. Transactions reach subscribers once they are saved (the core's
 * landed listeners); `finalized` subscribers are served by a slot ticker that runs only while anyone listens.
 * Subscription ids are unique across connections, as in Agave.
 */
export function createPubSub(
  core: ValidatorCore,
  slotMs: number,
  limits: Partial<PubSubLimits> = DEFAULT_PUBSUB_LIMITS,
) {
  const { perConnection, perClient, total } = { ...DEFAULT_PUBSUB_LIMITS, ...limits };
  const active = new Map<number, Active>();
  const byClient = new Map<string, number>();
  let nextId = 0;
  /** Landed events waiting for finalization, oldest first, for the `finalized` subscribers of that moment. */
  let pendingFinal: { event: LandedEvent; ids: number[] }[] = [];
  let ticker: NodeJS.Timeout | undefined;
  let lastSlot = core.clock.currentSlot();

  function notify(id: number, entry: Active, results: readonly unknown[]): void {
    for (const result of results) {
      entry.send({ jsonrpc: '2.0', method: entry.subscription.notification, params: { result, subscription: id } });
    }
  }

  function deliver(id: number, event: LandedEvent): void {
    const entry = active.get(id);
    if (!entry?.subscription.onLanded) return;
    let outcome: { results: unknown[]; done?: boolean };
    try {
      outcome = entry.subscription.onLanded(event);
    } catch {
      // A notification it may not encode (an account past the per-request byte budget): the subscription cannot
      // keep its promise, so it ends, and the other subscribers are still served.
      remove(id);
      return;
    }
    notify(id, entry, outcome.results);
    if (outcome.done) remove(id);
  }

  function onLanded(event: LandedEvent, ids: Iterable<number>, replay = false): void {
    const later: number[] = [];
    for (const id of ids) {
      const entry = active.get(id);
      if (!entry) continue;
      // A replayed transaction arrived before the subscription: there is no arrival to tell of.
      if (!replay && entry.subscription.onArrival) notify(id, entry, entry.subscription.onArrival(event));
      if (reached(core, event.record.slot, entry.subscription.commitment)) deliver(id, event);
      else later.push(id);
    }
    if (later.length > 0) pendingFinal.push({ event, ids: later });
    updateTicker();
  }

  function tick(): void {
    const slot = core.clock.currentSlot();
    if (slot !== lastSlot) {
      lastSlot = slot;
      for (const [id, { subscription, send }] of active) {
        const result = subscription.onSlot?.(slot);
        if (result !== undefined) {
          send({ jsonrpc: '2.0', method: subscription.notification, params: { result, subscription: id } });
        }
      }
    }
    const waiting = pendingFinal;
    pendingFinal = [];
    for (const item of waiting) {
      if (reached(core, item.event.record.slot, 'finalized')) {
        for (const id of item.ids) deliver(id, item.event);
      } else pendingFinal.push(item);
    }
    updateTicker();
  }

  function updateTicker(): void {
    const needed =
      pendingFinal.length > 0 || [...active.values()].some(({ subscription }) => subscription.onSlot !== undefined);
    if (needed && !ticker) {
      // A quarter slot: notifications follow the slot within 100 ms at mainnet timing.
      ticker = setInterval(tick, Math.max(10, Math.floor(slotMs / 4)));
      ticker.unref();
    } else if (!needed && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  function remove(id: number): boolean {
    const entry = active.get(id);
    if (!entry) return false;
    active.delete(id);
    entry.owner.delete(id);
    const left = (byClient.get(entry.client) ?? 1) - 1;
    if (left > 0) byClient.set(entry.client, left);
    else byClient.delete(entry.client);
    updateTicker();
    return true;
  }

  const listener = (event: LandedEvent) => {
    try {
      onLanded(event, [...active.keys()]);
    } catch {
      // A subscriber's failure must never fail the transaction that already landed.
    }
  };
  core.landedListeners.add(listener);

  function subscribe(owned: Set<number>, client: string, send: Send, method: string, params: unknown): number {
    const make = SUBSCRIBE_METHODS[method]!;
    if (owned.size >= perConnection) {
      throw new RpcError(
        RpcErrorCode.INVALID_REQUEST,
        `Too many subscriptions on this connection (max ${perConnection})`,
      );
    }
    if ((byClient.get(client) ?? 0) >= perClient) {
      throw new RpcError(RpcErrorCode.INVALID_REQUEST, `Too many subscriptions from this client (max ${perClient})`);
    }
    if (active.size >= total) {
      throw new RpcError(RpcErrorCode.INTERNAL_ERROR, 'Internal error: too many subscriptions on this node');
    }
    const subscription = make(core, params);
    const id = nextId++;
    active.set(id, { subscription, send, owner: owned, client });
    owned.add(id);
    byClient.set(client, (byClient.get(client) ?? 0) + 1);
    updateTicker();
    return id;
  }

  /** `client` keys the per-client cap: the peer's address (connections without one share a key). */
  function open(sendRaw: Send, client = 'local'): PubSubConnection {
    const owned = new Set<number>();
    const send: Send = (message) => sendRaw(toJsonSafe(message));

    function handle(request: unknown): unknown {
      const envelope = readEnvelope(request);
      if ('invalid' in envelope) return envelope.invalid;
      const { id, method, params } = envelope;
      // A JSON-RPC notification (no id) gets no answer: kit's keep-alive `ping` is one.
      if (envelope.notification) return undefined;
      try {
        if (Object.hasOwn(SUBSCRIBE_METHODS, method)) {
          const subscriptionId = subscribe(owned, client, send, method, params);
          // The answer goes out before any notification the subscription already has (a landed signature).
          queueMicrotask(() => replay(subscriptionId));
          return { jsonrpc: '2.0', id, result: subscriptionId };
        }
        const base = method.endsWith('Unsubscribe') ? `${method.slice(0, -'Unsubscribe'.length)}Subscribe` : '';
        if (Object.hasOwn(SUBSCRIBE_METHODS, base)) {
          const [target] = Array.isArray(params) ? params : [];
          if (typeof target !== 'number' || !Number.isSafeInteger(target)) {
            return errorResponse(id, RpcErrorCode.INVALID_PARAMS, 'Invalid params: expected a subscription id');
          }
          const entry = active.get(target);
          // Only the connection's own subscription of that kind: ids are global and guessable.
          const ok =
            entry?.owner === owned && entry.subscription.notification === notificationOf(base) && remove(target);
          if (!ok) return errorResponse(id, RpcErrorCode.INVALID_PARAMS, 'Invalid subscription id.');
          return { jsonrpc: '2.0', id, result: true };
        }
        return errorResponse(id, RpcErrorCode.METHOD_NOT_FOUND, 'Method not found');
      } catch (error) {
        if (error instanceof RpcError) return errorResponse(id, error.code, error.message);
        return errorResponse(id, RpcErrorCode.INTERNAL_ERROR, 'Internal error');
      }
    }

    function replay(id: number): void {
      const entry = active.get(id);
      if (entry?.subscription.replay) onLanded(entry.subscription.replay, [id], true);
    }

    return {
      receive(text) {
        let request: unknown;
        try {
          request = JSON.parse(text);
        } catch {
          return send(errorResponse(null, RpcErrorCode.PARSE_ERROR, 'Parse error'));
        }
        const answer = handle(request);
        if (answer !== undefined) send(answer);
      },
      close() {
        for (const id of [...owned]) remove(id);
      },
      get subscriptionCount() {
        return owned.size;
      },
    };
  }

  return {
    open,
    get subscriptionCount() {
      return active.size;
    },
    close() {
      core.landedListeners.delete(listener);
      for (const id of [...active.keys()]) remove(id);
      if (ticker) clearInterval(ticker);
      ticker = undefined;
    },
  };
}

/** `slotSubscribe` → `slotNotification`: which notifications an unsubscribe method may end. */
function notificationOf(subscribeMethod: string): string {
  return `${subscribeMethod.slice(0, -'Subscribe'.length)}Notification`;
}

export type PubSub = ReturnType<typeof createPubSub>;
