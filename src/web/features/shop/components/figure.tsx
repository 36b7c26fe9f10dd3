/**
 * One headline number of an admin page: its label above, its value large, and what it amounts to beneath when there
 * is more to say (a count's SOL). Inside a `dl`.
 */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium tracking-wide text-vault-300 uppercase">{label}</dt>
      <dd className="font-mono text-xl font-semibold break-all text-vault-100">{value}</dd>
      {detail && <dd className="font-mono text-xs text-vault-300">{detail}</dd>}
    </div>
  );
}
