// Token mints at ground addresses (DESIGN.md §14): the instructions the browser's wallet signs to create one.
export {
  createMintInstructions,
  MINT_ACCOUNT_SIZE,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type CreateMintParams,
  type MintAccountSpec,
} from './create-mint';
