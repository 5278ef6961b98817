/** The part of autocannon 9 the serve benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    body?: string;
    headers?: Record<string, string>;
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
    /** Answers by status class. */
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
