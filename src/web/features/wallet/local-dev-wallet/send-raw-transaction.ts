/** Sends a signed wire transaction (base64) through JSON-RPC and returns its base58 signature. */
export async function sendRawTransaction(rpcUrl: string, base64Transaction: string): Promise<string> {
  const response = await fetch(new URL(rpcUrl, window.location.href), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [base64Transaction, { encoding: 'base64', preflightCommitment: 'confirmed' }],
    }),
  });
  const body = (await response.json()) as { result?: string; error?: { message?: string } };
  if (!body.result) throw new Error(body.error?.message ?? `RPC ${response.status}`);
  return body.result;
}
