export interface KnownAddress {
  address: string;
  label: string;
}

/**
 * Well-known Solana addresses that vanity look-alikes could impersonate (docs/domain.md#look-alike-protection). Only
 * addresses we are certain of: native programs and sysvars, SPL programs, major token mints and DeFi programs. Exchange
 * wallets are left to admins (the list is extendable at run time) because their hot wallets change.
 */
export const KNOWN_ADDRESSES: ReadonlyArray<KnownAddress> = [
  // Native programs and loaders
  { address: '11111111111111111111111111111111', label: 'System Program' },
  { address: 'ComputeBudget111111111111111111111111111111', label: 'Compute Budget Program' },
  { address: 'Stake11111111111111111111111111111111111111', label: 'Stake Program' },
  { address: 'Vote111111111111111111111111111111111111111', label: 'Vote Program' },
  { address: 'Config1111111111111111111111111111111111111', label: 'Config Program' },
  { address: 'AddressLookupTab1e1111111111111111111111111', label: 'Address Lookup Table Program' },
  { address: 'Ed25519SigVerify111111111111111111111111111', label: 'Ed25519 SigVerify Program' },
  { address: 'KeccakSecp256k11111111111111111111111111111', label: 'Secp256k1 SigVerify Program' },
  { address: 'BPFLoader1111111111111111111111111111111111', label: 'BPF Loader (deprecated)' },
  { address: 'BPFLoader2111111111111111111111111111111111', label: 'BPF Loader 2' },
  { address: 'BPFLoaderUpgradeab1e11111111111111111111111', label: 'BPF Upgradeable Loader' },
  { address: 'LoaderV411111111111111111111111111111111111', label: 'Loader v4' },
  { address: 'NativeLoader1111111111111111111111111111111', label: 'Native Loader' },
  // Sysvars
  { address: 'SysvarC1ock11111111111111111111111111111111', label: 'Clock Sysvar' },
  { address: 'SysvarRent111111111111111111111111111111111', label: 'Rent Sysvar' },
  { address: 'Sysvar1nstructions1111111111111111111111111', label: 'Instructions Sysvar' },
  { address: 'SysvarRecentB1ockHashes11111111111111111111', label: 'Recent Blockhashes Sysvar' },
  { address: 'SysvarS1otHashes111111111111111111111111111', label: 'Slot Hashes Sysvar' },
  { address: 'SysvarStakeHistory1111111111111111111111111', label: 'Stake History Sysvar' },
  { address: 'SysvarEpochSchedu1e111111111111111111111111', label: 'Epoch Schedule Sysvar' },
  // SPL programs
  { address: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', label: 'SPL Token Program' },
  { address: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', label: 'SPL Token-2022 Program' },
  { address: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', label: 'SPL Associated Token Account Program' },
  { address: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', label: 'SPL Memo Program' },
  { address: 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo', label: 'SPL Memo Program (v1)' },
  { address: 'cmtDvXumGCrqC1Age74AVPhSRVXJMd8PJS91L8KbNCK', label: 'SPL Account Compression Program' },
  // Metaplex
  { address: 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s', label: 'Metaplex Token Metadata Program' },
  { address: 'BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY', label: 'Metaplex Bubblegum Program' },
  // Token mints
  { address: 'So11111111111111111111111111111111111111112', label: 'Wrapped SOL mint' },
  { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', label: 'USDC mint' },
  { address: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', label: 'USDT mint' },
  { address: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', label: 'JUP mint' },
  { address: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', label: 'BONK mint' },
  { address: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So', label: 'Marinade staked SOL (mSOL) mint' },
  { address: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn', label: 'Jito staked SOL (JitoSOL) mint' },
  // DeFi programs
  { address: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4', label: 'Jupiter Aggregator v6' },
  { address: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8', label: 'Raydium AMM v4' },
  { address: 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK', label: 'Raydium CLMM' },
  { address: 'whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', label: 'Orca Whirlpool Program' },
  { address: 'LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo', label: 'Meteora DLMM Program' },
  { address: '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P', label: 'Pump.fun Program' },
];
