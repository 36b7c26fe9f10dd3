import { describe, expect, it } from 'vitest';
import { LAMPORTS_PER_SIGNATURE } from '@chain/compute-budget';
import { createListing, createUser } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet, signIn } from '@tests/helpers/wallet';
import {
  actionRows,
  actionUrl,
  addressOfRevealed,
  postAccount,
  settle,
  signAndSend,
  purchaseView,
} from '@tests/helpers/pay';
import { balanceOf, confirm, fund, initiateOk, listingStatus, pay, reveal } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';

// The acceptance test of escrowed settlement across paths (docs/domain.md#settlement): a buyer on the web and
// a buyer through a Solana Action both pay for one listing. Whichever payment lands first buys the key; the other is
// refunded from its own escrow, and the money on chain adds up to the lamport.

const PRICE = 500_000_000n; // 0.5 SOL
const COMMISSION = 12_500_000n; // 2.5% of the price (the seeded fee_config), paid to TREASURY_WALLET
const TOTAL = PRICE + COMMISSION + LAMPORTS_PER_SIGNATURE; // what each buyer sends its escrow
const FEE = LAMPORTS_PER_SIGNATURE; // each wallet's own transaction fee, and the escrow's payout or refund fee

const treasury = newKeypair().address;

const ctx = usePurchaseApp({ env: { TREASURY_WALLET: treasury } });

describe('two buyers, one on the web and one through Actions, pay for one listing', () => {
  it.each(['web', 'actions'] as const)(
    'the first payment to land (%s first) gets the key, which reveals; the other gets a refund',
    async (first) => {
      const { listing, keypair, seller } = await createListing(ctx.t, { price: '0.5' });
      const webBuyer = await createUser(ctx.t);
      const blinkBuyer = await newWallet(); // never signs in until it wants its key
      await fund(ctx.chain, webBuyer.walletAddress);
      await fund(ctx.chain, blinkBuyer.walletAddress);

      // The web buyer checks out; the listing shows it, and still sells through its action.
      const web = await initiateOk(ctx.t, webBuyer, listing);
      expect(web.payment.lamports).toBe(TOTAL.toString());
      expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'pending', is_listed: true });
      const posted = await postAccount(ctx.t, actionUrl(listing.address), blinkBuyer.walletAddress);
      expect(posted.statusCode, posted.body).toBe(200);
      const [blinkRow] = await actionRows(ctx.t, listing.id);
      const blink = { id: blinkRow!.id, escrow: blinkRow!.payment_reference };
      expect(blink.escrow).not.toBe(web.payment.recipient);

      const before = {
        seller: await balanceOf(ctx.chain, seller.walletAddress),
        treasury: await balanceOf(ctx.chain, treasury),
        web: await balanceOf(ctx.chain, webBuyer.walletAddress),
        blink: await balanceOf(ctx.chain, blinkBuyer.walletAddress),
      };

      // Both pay, one after the other, before anything is settled; then the web buyer's browser confirms, which
      // settles the listing at once: by landing order, not by who asked.
      const payWeb = () => pay(ctx.chain, webBuyer, web.payment);
      const payBlink = () => signAndSend(ctx.chain, blinkBuyer.keys, posted.json().transaction);
      let webSignature: string;
      if (first === 'web') {
        webSignature = await payWeb();
        await payBlink();
      } else {
        await payBlink();
        webSignature = await payWeb();
      }
      const confirmed = await confirm(ctx.t, webBuyer, web.transactionId, webSignature);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      // Finalized by the time settlement reads it, the sale may complete at once.
      expect(confirmed.json().status).toMatch(first === 'web' ? /^(verified|completed)$/ : /^failed$/);

      // The next worker passes send the payout and the refund and see them land.
      await settle(ctx.t);
      await settle(ctx.t);

      const winner =
        first === 'web'
          ? { id: web.transactionId, escrow: web.payment.recipient, session: webBuyer }
          : { id: blink.id, escrow: blink.escrow, session: await signIn(ctx.t.app, blinkBuyer.keys) };
      const loser =
        first === 'web'
          ? { id: blink.id, escrow: blink.escrow, session: await signIn(ctx.t.app, blinkBuyer.keys) }
          : { id: web.transactionId, escrow: web.payment.recipient, session: webBuyer };

      const won = await purchaseView(ctx.t, winner.id);
      expect(won.status).toMatch(/verified|completed/);
      expect(won).toMatchObject({ escrow: winner.escrow, refundSignatures: [], refundedLamports: '0' });
      expect(won.payoutSignature).toEqual(expect.any(String));
      const lost = await purchaseView(ctx.t, loser.id);
      expect(lost).toMatchObject({
        status: 'failed',
        failureKind: 'refunded',
        failureCode: 'LOST_RACE',
        escrow: loser.escrow,
        payoutSignature: null,
        refundedLamports: (TOTAL - FEE).toString(),
      });
      expect(lost.disputeReason).toMatch(/^Refunded: another payment landed first\./);
      expect(lost.refundSignatures).toHaveLength(1);
      expect(await listingStatus(ctx.t, listing.id)).toEqual({ status: 'sold', is_listed: false });

      // On chain: the seller got exactly the price and the treasury exactly the commission; both escrows are empty;
      // the winner paid the total and its fee; the loser got back its payment less the refund's fee.
      expect(await balanceOf(ctx.chain, seller.walletAddress)).toBe(before.seller + PRICE);
      expect(await balanceOf(ctx.chain, treasury)).toBe(before.treasury + COMMISSION);
      expect(await balanceOf(ctx.chain, winner.escrow)).toBe(0n);
      expect(await balanceOf(ctx.chain, loser.escrow)).toBe(0n);
      const [winnerBefore, loserBefore] = first === 'web' ? [before.web, before.blink] : [before.blink, before.web];
      expect(await balanceOf(ctx.chain, winner.session.walletAddress)).toBe(winnerBefore - TOTAL - FEE);
      const loserPaid = loserBefore - TOTAL - FEE;
      expect(await balanceOf(ctx.chain, loser.session.walletAddress)).toBe(loserPaid + (TOTAL - FEE));

      // The key is the winner's alone.
      const revealed = await reveal(ctx.t, winner.session, winner.id);
      expect(revealed.statusCode, revealed.body).toBe(200);
      expect(addressOfRevealed(revealed.json().privateKey)).toBe(keypair.address);
      const refused = await reveal(ctx.t, loser.session, loser.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('PAYMENT_NOT_VERIFIED');
      const stranger = await reveal(ctx.t, loser.session, winner.id);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().error).toBe('BUYER_MISMATCH');
    },
  );
});
