export interface ChainHealth {
  ok: boolean;
  cluster: string;
  slot?: number;
  error?: string;
}
