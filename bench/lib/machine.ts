import { readFileSync } from 'node:fs';
import os from 'node:os';

/** What a figure was measured on. Other engineers share this machine, so the load average goes with every figure. */
export function machineLine(): string {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, load average ${one} / ${five} / ${fifteen}`;
}

export const loadNow = () => os.loadavg()[0]!.toFixed(2);

/** Busy and total jiffies of all CPUs (/proc/stat), to say how busy the whole machine was during a run. */
function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const n = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Starts measuring machine-wide CPU use; the returned function gives the busy share (0–1) since then. */
export function machineCpu(): () => number | undefined {
  const start = cpuTicks();
  return () => {
    const end = cpuTicks();
    if (!start || !end || end.total === start.total) return undefined;
    return (end.busy - start.busy) / (end.total - start.total);
  };
}

/** Peak resident set size, sampled every 100 ms (RSS includes worker threads: they share the process). */
export function rssSampler(): { stop(): number; baseline: number; peakHeap(): number } {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let heap = process.memoryUsage().heapTotal;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heap = Math.max(heap, m.heapTotal);
  }, 100);
  return {
    baseline,
    /** The main thread's V8 heap (heapTotal) at its largest: tells main-thread garbage from worker memory. */
    peakHeap: () => heap,
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const today = () => new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
