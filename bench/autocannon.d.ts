/** The part of autocannon 9 the serve benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent: the request to send (a fresh key, another table). */
    setupRequest?: (request: Request) => Request;
  }
  export interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    /** A total number of requests instead of a duration. */
    amount?: number;
    body?: string;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
