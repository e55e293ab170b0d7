/**
 * The editor's local backend in the real `sitegen dev` (a copy of the
 * project) answers the editor's page alone, tried as an attacker would, in raw
 * HTTP so that Host and Origin say what an attacker's page makes them say: a
 * page of another site through DNS rebinding, a page of another origin or of
 * another local server, a program without this run's token (or with another,
 * or with it in a cookie), another site's CORS preflight. Each is refused with
 * 403, and the project and the folder beside it are byte for byte as they
 * were; a body that is no JSON and a GET get 400 and 405. What the editor's
 * page may do: editor-backend-saves.test.ts; paths out of content/:
 * editor-backend-paths.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  dev,
  expectRefused,
  host,
  refused,
  token,
  tokenHeader,
  useEditorBackend,
  write,
  type Probe,
} from '../support/editor-backend';
import { exchange } from '../support/raw-http';

useEditorBackend();

describe("the editor's local backend in sitegen dev, to anyone but the editor's page", () => {
  const probes: Probe[] = [
    [
      'a page of another site through DNS rebinding (its own Host and Origin)',
      {
        ...write('content/blog/rebound.md'),
        headers: { Host: 'evil.example:PORT', Origin: 'http://evil.example:PORT' },
      },
      403,
      'Refused: this server answers localhost, IP addresses and the name given with --host, not "evil.example" (for a name /etc/hosts points at this machine, start it with --host evil.example)\n',
    ],
    [
      'a page of another origin',
      { ...write('content/blog/cross.md'), headers: { Origin: 'http://attacker.example' } },
      403,
      refused("a request from http://attacker.example, not from this server's own pages"),
    ],
    [
      'another local server’s page (same site, another port)',
      { ...write('content/blog/cross.md'), headers: { Origin: 'http://127.0.0.1:1' } },
      403,
      refused("a request from http://127.0.0.1:1, not from this server's own pages"),
    ],
    [
      'a request without the token',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: null } },
      403,
      refused("no editor token: open the editor at the address sitegen dev printed, with this run's token"),
    ],
    [
      'a request with another token',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: 'ANOTHER_TOKEN' } },
      403,
      refused(
        "an editor token of another run: open the editor at the address sitegen dev printed, with this run's token",
      ),
    ],
    [
      'a token as long as this run’s with a character outside ASCII',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: 'NON_ASCII_TOKEN' } },
      403,
      refused(
        "an editor token of another run: open the editor at the address sitegen dev printed, with this run's token",
      ),
    ],
    [
      'the token in a cookie, as a cookie of localhost reaches every server of localhost',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: null, Cookie: `sitegen-editor-PORT=TOKEN` } },
      403,
      refused("no editor token: open the editor at the address sitegen dev printed, with this run's token"),
    ],
  ];

  it.each(probes)('refuses %s, and writes nothing', (_name, probe, status, answer) =>
    expectRefused(probe, status, answer),
  );

  it('says a body that is not JSON is not what it takes', async () => {
    const body = 'action=persistEntry';
    const answer = await exchange(
      dev.url,
      `POST /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\n${tokenHeader}: ${token}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([
      400,
      refused('expected JSON naming an action'),
    ]);
  });

  it("says a body that is not JSON is not what it takes, in the backend's words", async () => {
    const body = '{bad';
    const answer = await exchange(
      dev.url,
      `POST /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\n${tokenHeader}: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString()).error).toMatch(
      /^sitegen dev refused this: expected JSON naming an action: Expected property name/,
    );
  });

  it("refuses another site's CORS preflight as it refuses its request", async () => {
    const answer = await exchange(
      dev.url,
      `OPTIONS /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.example\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: ${tokenHeader}\r\nConnection: close\r\n\r\n`,
    );
    expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([403, undefined]);
  });

  it('answers POST alone', async () => {
    const answer = await exchange(
      dev.url,
      `GET /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\n${tokenHeader}: ${token}\r\nConnection: close\r\n\r\n`,
    );
    expect([answer.status, answer.headers.allow]).toEqual([405, 'POST']);
  });
});
