// One list of token program ids, in shared code (the browser creates mints with them). LiteSVM loads both token
// programs (and the associated-token program) by default.
export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAMS } from '@shared/mint/token-programs';
