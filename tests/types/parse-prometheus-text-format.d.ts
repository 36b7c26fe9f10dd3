/** parse-prometheus-text-format ships no types: its output, as its README documents (prom2json's shape). */
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export interface PrometheusSample {
    value?: string;
    labels?: Labels;
    /** Histograms: cumulative counts by upper bound. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
    quantiles?: Record<string, string>;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
