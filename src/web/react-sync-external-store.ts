// wouter imports `use-sync-external-store/shim` for React 16 and 17; React 19 has the hook itself (see vite.config.ts).
export { useSyncExternalStore } from 'react';
