import { getBase64Encoder, getTransactionDecoder } from '@solana/kit';

/**
 * A small validator written by hand from @solana/actions-spec's types (index.d.ts, v2.4) and the Solana Pay
 * transaction request spec, independent of the zod schemas the routes serialise with, which cannot disagree
 * with themselves. Each function lists what is wrong with a response body ([] when it conforms): a field the
 * spec does not name, a required one missing, or one of the wrong type. Only the shapes this app sends are
 * covered (no parameters, no sign-message or external-link responses).
 */
type Json = Record<string, unknown>;
type Field = 'string' | 'boolean' | 'url' | 'base64-transaction' | ((value: unknown, at: string) => string[]);
type Shape = Record<string, { type: Field; optional?: boolean }>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function deserialises(value: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  try {
    getTransactionDecoder().decode(getBase64Encoder().encode(value));
    return true;
  } catch {
    return false;
  }
}

function fieldProblems(type: Field, value: unknown, at: string): string[] {
  if (typeof type === 'function') return type(value, at);
  if (type === 'boolean') return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
  if (typeof value !== 'string') return [`${at}: not a string`];
  if (type === 'url' && !URL.canParse(value)) return [`${at}: not an absolute URL`];
  if (type === 'base64-transaction' && !deserialises(value)) return [`${at}: not a base64 serialised transaction`];
  return [];
}

function check(shape: Shape, value: unknown, at = '$'): string[] {
  if (!isObject(value)) return [`${at}: not an object`];
  const problems = Object.keys(value)
    .filter((key) => !(key in shape))
    .map((key) => `${at}.${key}: not in the spec`);
  for (const [key, { type, optional }] of Object.entries(shape)) {
    if (value[key] === undefined) {
      if (!optional) problems.push(`${at}.${key}: required`);
    } else problems.push(...fieldProblems(type, value[key], `${at}.${key}`));
  }
  return problems;
}

const literal =
  (...allowed: string[]) =>
  (value: unknown, at: string) =>
    allowed.includes(value as string) ? [] : [`${at}: not one of ${allowed.join(', ')}`];
const arrayOf = (shape: Shape) => (value: unknown, at: string) =>
  Array.isArray(value) ? value.flatMap((item, i) => check(shape, item, `${at}[${i}]`)) : [`${at}: not an array`];
const object = (shape: Shape) => (value: unknown, at: string) => check(shape, value, at);

/** `ActionError`. */
const actionError: Shape = { message: { type: 'string' } };
/** `LinkedAction` without `parameters` (this app asks for none). */
const linkedAction: Shape = {
  type: { type: literal('transaction', 'message', 'post', 'external-link') },
  href: { type: 'string' },
  label: { type: 'string' },
};
/** `Action<T>` fields shared by the GET card and the completed action. */
const actionBase = (type: Field): Shape => ({
  type: { type },
  icon: { type: 'url' },
  title: { type: 'string' },
  description: { type: 'string' },
  label: { type: 'string' },
  disabled: { type: 'boolean', optional: true },
  error: { type: object(actionError), optional: true },
});

/** `ActionGetResponse`: `type` is optional there, and `links.actions` items need type, href and label. */
export const actionGetProblems = (body: unknown) =>
  check(
    {
      ...actionBase(literal('action')),
      type: { type: literal('action'), optional: true },
      links: { type: object({ actions: { type: arrayOf(linkedAction) } }), optional: true },
    },
    body,
  );

/** `CompletedAction`: `Action<'completed'>` without links. */
const completedAction = actionBase(literal('completed'));
/** `InlineNextActionLink` to a completed action, or `PostNextActionLink`. */
const nextLink = (value: unknown, at: string) =>
  isObject(value) && value.type === 'post'
    ? check({ type: { type: literal('post') }, href: { type: 'string' } }, value, at)
    : check({ type: { type: literal('inline') }, action: { type: object(completedAction) } }, value, at);

/** `TransactionResponse`, the one `ActionPostResponse` this app answers. */
export const actionPostProblems = (body: unknown) =>
  check(
    {
      type: { type: literal('transaction') },
      transaction: { type: 'base64-transaction' },
      message: { type: 'string', optional: true },
      links: { type: object({ next: { type: nextLink } }), optional: true },
    },
    body,
  );

/** `ActionsJson`. */
export const actionsJsonProblems = (body: unknown) =>
  check({ rules: { type: arrayOf({ pathPattern: { type: 'string' }, apiPath: { type: 'string' } }) } }, body);

/** Solana Pay transaction request GET: `{ label, icon }`, both required. */
export const transactionRequestMetaProblems = (body: unknown) =>
  check({ label: { type: 'string' }, icon: { type: 'url' } }, body);

/** Solana Pay transaction request POST: `{ transaction, message? }`. */
export const transactionRequestResponseProblems = (body: unknown) =>
  check({ transaction: { type: 'base64-transaction' }, message: { type: 'string', optional: true } }, body);
