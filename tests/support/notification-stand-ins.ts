/**
 * Local stand-ins for the services a lead is sent to: an incoming webhook
 * (Slack's answers: 200 "ok") and Resend's e-mail API (POST /emails, 200 with
 * an id). Each records what it received, and can be told to fail (500) or to
 * hang (never answer) to play an outage.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type StandInMode = 'ok' | 'fail' | 'hang';

export interface StandIn {
  url: string;
  received: Received[];
  mode: StandInMode;
  close(): Promise<void>;
}

const answers = {
  webhook: {
    ok: (response: ServerResponse) => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'),
    fail: (response: ServerResponse) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('internal_error'),
  },
  resend: {
    ok: (response: ServerResponse) =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: crypto.randomUUID() })),
    fail: (response: ServerResponse) =>
      response
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ statusCode: 500, name: 'application_error', message: 'Something went wrong' })),
  },
};

export async function startStandIn(kind: 'webhook' | 'resend'): Promise<StandIn> {
  const hanging = new Set<ServerResponse>();
  const standIn: StandIn = {
    url: '',
    received: [],
    mode: 'ok',
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      standIn.received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text || '{}') as Record<string, unknown>,
      });
      if (standIn.mode === 'hang') hanging.add(response);
      else answers[kind][standIn.mode](response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

export interface HeldBudgets {
  /** The milliseconds of each AbortSignal.timeout asked for, in order. */
  asked: number[];
  /** Runs every one of them out now, as their time would. */
  runOut(): void;
  restore(): void;
}

/**
 * The notification budget's clock, held by the test: each AbortSignal.timeout
 * the handler asks for runs out only when the test calls runOut(). On a busy
 * machine a stand-in can take longer than the real budget to answer, which
 * is no outage; a test of the budget runs it out itself.
 */
export function holdBudgets(): HeldBudgets {
  const asked: number[] = [];
  const timers: AbortController[] = [];
  const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
    const timer = new AbortController();
    asked.push(ms);
    timers.push(timer);
    return timer.signal;
  });
  return {
    asked,
    runOut: () => {
      for (const timer of timers) timer.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    },
    restore: () => spy.mockRestore(),
  };
}
