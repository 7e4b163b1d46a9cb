// The part of autocannon 8's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    /** Worker threads that generate the load, so it does not share the server's event loop. */
    workers?: number;
    /** With workers, `setupRequest` is the path of a CommonJS module exporting `(request) => request`. */
    requests?: Array<{ setupRequest?: string; headers?: Record<string, string>; method?: string; path?: string }>;
  }

  interface AutocannonResult {
    /** Seconds the run took. */
    duration: number;
    '2xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p99: number; average: number };
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
