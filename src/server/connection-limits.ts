/**
 * One client must not hold the server's sockets: a request must arrive whole within a time (a
 * POST with its headers and no body stayed open for good, and 20,000 of them used up the file
 * descriptors), a connection that says nothing is closed, and one address may hold only so many
 * connections at once. Event streams are connections that stay open: their 20 s heartbeat keeps
 * them from counting as idle, and a seat opens a few, not dozens.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { rawErrorResponse } from './http-errors.ts';

export interface ConnectionLimits {
  /** The whole request — headers and body — must arrive within this (ms); past it a 408. */
  requestTimeoutMs: number;
  /** A connection with nothing read or written for this long is closed (ms). */
  idleTimeoutMs: number;
  /**
   * Connections one address may hold open at once; one more is answered 429 and closed. 0: no cap
   * (behind a reverse proxy every client has the proxy's address: cap there, or raise this).
   */
  perAddress: number;
}

/** Verify and deal tasks one address may have running or waiting in the worker pool (heavy-work.ts), by default. */
export const DEFAULT_POOL_PER_ADDRESS = 2;

/** 256 connections an address: a club on one venue's Wi-Fi (one address) with a browser's six each. */
export const DEFAULT_LIMITS: ConnectionLimits = { requestTimeoutMs: 30_000, idleTimeoutMs: 120_000, perAddress: 256 };

/** The Node and Fastify server options that carry the limits' times. */
export function timeoutOptions(limits: ConnectionLimits): { requestTimeout: number; connectionTimeout: number; http: { headersTimeout: number; connectionsCheckingInterval: number } } {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      // Node checks these on an interval: checked often enough that a late request is refused near its time
      headersTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(limits.requestTimeoutMs / 4))),
    },
  };
}

/** Close, with a 429 in one line, each connection past `perAddress` from one address. */
export function limitConnectionsPerAddress(server: Server, perAddress: number): void {
  if (perAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '?';
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      // read nothing of it (no request reaches a route), answer, and close
      socket.pause();
      socket.removeAllListeners('data');
      socket.end(rawErrorResponse(429, `too many open connections from ${address} (at most ${perAddress}): close one first`, 'Retry-After: 5\r\n'), () => socket.destroy());
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
