export const LOCAL_DEV_WALLET_NAME = 'Local Dev Wallet';

/** SOL asked from the local faucet on the wallet's first connect, enough for several demo purchases. */
export const LOCAL_DEV_AIRDROP_SOL = 10;

const ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='#1c2640'/>" +
  "<path d='M9 12h14v11H9z' fill='none' stroke='#fbbf24' stroke-width='2'/><path d='M12 12V9h8v3' fill='none' " +
  "stroke='#fbbf24' stroke-width='2'/><circle cx='16' cy='17.5' r='2' fill='#fbbf24'/></svg>";

export const LOCAL_DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as const;
