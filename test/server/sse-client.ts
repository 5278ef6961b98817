/**
 * A small Server-Sent Events reader for tests (Node 20 has no EventSource): fetch's streamed body
 * cut into events by the text/event-stream rules this server uses (`event:`, `id:`, `data:` on one
 * line each, a blank line ends an event, `:` comments and `retry:` skipped).
 */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The next event, or null when the server ended the stream; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent | null>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pending: SseEvent[] = [];
  let ended = false;

  const cut = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', id: null, data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line.startsWith('retry:')) continue;
        const colon = line.indexOf(':');
        const field = line.slice(0, colon);
        const value = line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'id') event.id = value;
        else if (field === 'data') {
          event.data += (hasData ? '\n' : '') + value;
          hasData = true;
        }
      }
      if (hasData) pending.push(event);
    }
  };

  return {
    status: response.status,
    headers: response.headers,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (pending.length === 0 && !ended) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms from ${url}`)), Math.max(0, deadline - Date.now()));
        });
        const chunk = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
        if (chunk.done) ended = true;
        else {
          buffer += chunk.value;
          cut();
        }
      }
      return pending.shift() ?? null;
    },
    close() {
      abort.abort();
    },
  };
}
