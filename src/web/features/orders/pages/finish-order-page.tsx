import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { buttonClass } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { FetchError } from '@web/components/fetch-error';
import { PageHeader } from '@web/components/page-header';
import { ConnectWalletButton, useWallet } from '@web/features/wallet';
import { useOrder } from '../api/get-order';
import { DeliveredAddress } from '../components/delivered-address';
import { MintStep } from '../components/mint-step';
import { completeSplitKey, secretFromFile, type SecretFromFile } from '../split-key-secret';

/**
 * /order/{id}/finish: a split-key order finished from its finish-later file, in another tab or days later. The file
 * must be the one the order was placed with (its P is the order's basePoint) and a + t must control the address
 * before the page offers to create the mint. The file is read into memory only.
 */
export function FinishOrderPage() {
  const { orderId = '' } = useParams();
  const { address, status } = useWallet();
  const connected = Boolean(address) && status === 'connected';
  const order = useOrder(connected ? orderId : null);
  const [file, setFile] = useState<SecretFromFile | null>(null);
  const completion = useMemo(
    () => (file?.ok && order.data ? completeSplitKey(file.secret, order.data, file.orderId) : null),
    [file, order.data],
  );

  // Said beside the file, before anything else: the file, or its fit with this order, is wrong.
  const problem = file && !file.ok ? file.problem : completion && !completion.ok ? completion.problem : null;

  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    setFile(secretFromFile(await picked.text()));
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Finish a Split-Key Order"
        subtitle="Open the finish-later file you downloaded when you placed the order: this page completes your key in memory and creates your token mint."
      />
      {!connected ? (
        <Card>
          <CardContent className="flex flex-col gap-3">
            <p className="text-sm text-vault-300">Sign in with the wallet that placed the order.</p>
            <ConnectWalletButton className="self-start">Connect Wallet</ConnectWalletButton>
          </CardContent>
        </Card>
      ) : order.error ? (
        <FetchError what="the order" error={order.error} />
      ) : order.data && order.data.lane !== 'split-key' ? (
        <Card>
          <CardContent className="flex flex-col gap-3 text-sm text-vault-300">
            <p>This order is not a split-key order: there is nothing to finish with a file.</p>
            <Link to="/order" className={buttonClass('secondary', 'md', 'self-start')}>
              Back to your order
            </Link>
          </CardContent>
        </Card>
      ) : order.data ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Your finish-later file</CardTitle>
              <CardDescription>
                It stays in this page: nothing in it is sent anywhere. It is not a wallet key and no wallet can import
                it.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <label className="flex flex-col gap-1.5 text-sm font-medium text-vault-200" htmlFor="finish-file">
                Finish-later file (.json)
                <input
                  id="finish-file"
                  type="file"
                  accept="application/json,.json"
                  className="text-sm text-vault-300 file:mr-3 file:rounded-lg file:border-0 file:bg-vault-800 file:px-3 file:py-2 file:text-vault-100"
                  onChange={(e) => void onFile(e.target.files?.[0])}
                />
              </label>
              {problem && (
                <p role="alert" className="text-sm text-danger-400" data-testid="finish-problem">
                  {problem}
                </p>
              )}
              {completion?.ok && (
                <p role="status" className="text-sm text-money-300" data-testid="finish-checked">
                  Checked: this file's P is the order's base point, and your secret plus the tweak gives the address.
                </p>
              )}
            </CardContent>
          </Card>
          {order.data.status === 'delivered' ? (
            <Card>
              <CardHeader>
                <CardTitle>Your address</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-5">
                <DeliveredAddress order={order.data} />
                {completion?.ok && <MintStep order={order.data} completion={completion} />}
              </CardContent>
            </Card>
          ) : (
            <p className="text-sm text-vault-300" data-testid="finish-not-delivered">
              This order is {order.data.status.replace('-', ' ')}: there is no address to finish yet.
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
