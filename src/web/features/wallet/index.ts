// Public surface of the wallet feature; other features import only from here.
export { WalletProvider } from './wallet-provider';
export { useWallet, type WalletState, type WalletStatus } from './wallet-context';
export { WalletButton } from './components/wallet-button';
export { ConnectWalletButton } from './components/connect-wallet-button';
export { WalletBalance } from './components/wallet-balance';
export { walletBalanceKey } from './use-wallet-balance';
export { AdminGate } from './components/admin-gate';
export { payWithWallet, sendWithWallet, type MessageContext, type WalletSendInput } from './send-with-wallet';
export { absoluteRpcUrls, isChainRefusal, isWalletRejection, walletChainOf } from './wallet-chain';
