import { lamportsToSolString } from '@shared/money';

/** Integer lamports from the API (a string, maybe negative) as SOL, without floats. */
export const sol = (lamports: string) => `${lamportsToSolString(BigInt(lamports))} SOL`;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));
