// Token mints at ground addresses (DESIGN.md §14): the instructions the browser's wallet signs to create one.
export * from './create-mint';
