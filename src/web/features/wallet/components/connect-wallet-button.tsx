import { Button, type ButtonProps } from '@web/components/button';
import { useWallet } from '../wallet-context';

/** Connects a wallet and signs in, from wherever a page needs one; busy while a connection is under way. */
export function ConnectWalletButton(props: Omit<ButtonProps, 'loading' | 'onClick'>) {
  const { status, connect } = useWallet();
  return <Button {...props} loading={status === 'connecting'} onClick={() => void connect()} />;
}
