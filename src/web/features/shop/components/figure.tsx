/** One headline number of an admin page: its label above, its value large. Inside a `dl`. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs font-medium tracking-wide text-vault-300 uppercase">{label}</dt>
      <dd className="font-mono text-xl font-semibold break-all text-vault-100">{value}</dd>
    </div>
  );
}
