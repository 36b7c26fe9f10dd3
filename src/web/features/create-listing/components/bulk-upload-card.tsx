import type { BulkCreateResponse } from '@shared/api/listings';
import { MAX_BULK_ROWS, parseBulkText, validateBulkFile, withParseErrors } from '@shared/bulk';
import { FileUp, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Textarea } from '@web/components/textarea';
import { toast } from '@web/components/toast-store';
import { useBulkCreateListings } from '../api/bulk-create-listings';
import { BulkResults } from './bulk-results';

const fail = (title: string, description: string) => toast({ title, description, variant: 'error' });

/**
 * Admin bulk upload (docs/product-spec.md#admin-listing-creation, docs/product-spec.md#validation-rules): a CSV file or
 * pasted lines, parsed here with the shared parser.
 */
export function BulkUploadCard({ wallet }: { wallet: string }) {
  const upload = useBulkCreateListings();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [pasted, setPasted] = useState('');
  const [result, setResult] = useState<BulkCreateResponse | null>(null);
  const [uploading, setUploading] = useState(0);

  function clearFile() {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const check = validateBulkFile(chosen.name, chosen.size);
    if (!check.ok) {
      clearFile();
      return fail(check.title, check.message);
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch {
      clearFile();
      fail('File Read Error', 'Failed to read the CSV file');
    }
  }

  function submit() {
    const text = file?.text ?? pasted;
    if (!text.trim()) return fail('No Data', 'Choose a CSV file or paste addresses first.');
    const { rows, errors } = parseBulkText(text);
    if (rows.length === 0) return fail('No Data', 'No valid addresses found in the input data');
    if (rows.length > MAX_BULK_ROWS) return fail('Too Many Addresses', 'At most 100,000 addresses per batch');
    setUploading(rows.length);
    upload.mutate(
      { addressData: rows, walletAddress: wallet },
      {
        onSuccess: (response) => {
          // Lines this browser could not read were never sent: they count as failed, in line order with the rest.
          const merged = withParseErrors(response, errors);
          setResult(merged);
          toast({
            title: 'Bulk Upload Complete',
            description: `${merged.successful} created, ${merged.failed} failed`,
            variant: 'success',
          });
          // The input holds private keys: drop it once it has been sent.
          clearFile();
          setPasted('');
        },
        onError: (error) => fail('Bulk Upload Failed', error.message || 'Bulk upload failed'),
        onSettled: () => {
          setUploading(0);
          upload.reset();
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bulk Upload Addresses</CardTitle>
        <CardDescription>
          A .csv file (under 50MB) or pasted lines: address,privateKey,pattern,price — or JSON lines. Up to 100,000 per
          batch.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-vault-800 px-3 py-2 text-sm font-semibold text-vault-100 ring-1 ring-vault-600 ring-inset focus-within:outline-2 hover:bg-vault-700">
            <FileUp aria-hidden className="h-4 w-4" /> Choose CSV file
            <input
              ref={fileRef}
              type="file"
              name="csvFile"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label="CSV file"
              onChange={(e) => void onFile(e)}
            />
          </label>
          <span className="min-w-0 truncate text-sm text-vault-300">{file ? file.name : 'No file chosen'}</span>
          {file && (
            <Button variant="ghost" size="sm" onClick={clearFile}>
              Clear File
            </Button>
          )}
        </div>
        <Textarea
          name="pastedAddresses"
          aria-label="Paste addresses"
          placeholder="Or paste lines here, one address per line"
          className="min-h-32 font-mono text-xs"
          value={pasted}
          disabled={!!file}
          onChange={(e) => setPasted(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        {uploading > 0 && (
          <div role="status" className="flex flex-col gap-2">
            <span className="text-sm text-vault-300">Uploading {uploading.toLocaleString()} addresses...</span>
            <div className="h-2 overflow-hidden rounded-full bg-vault-800">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-money-500" />
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={submit} loading={upload.isPending}>
            <Upload aria-hidden className="h-4 w-4" /> Create Listings
          </Button>
          <Button variant="secondary" onClick={() => setResult(null)} disabled={!result}>
            Clear Results
          </Button>
        </div>
        {result && <BulkResults result={result} />}
      </CardContent>
    </Card>
  );
}
