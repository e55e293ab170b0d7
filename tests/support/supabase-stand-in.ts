/**
 * A local stand-in for a Supabase project's REST API (PostgREST), as much of
 * it as the Edge Function uses: POST /rest/v1/rpc/<function> with the
 * arguments by name, answered from an embedded Postgres built from the real
 * migrations. Like Supabase, it checks the key and runs each call as the
 * role the key stands for (service_role), so the migrations' grants and
 * revokes decide what the function may do.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '../../src/leads/lead-database';
import { openMigratedLeadDatabase } from './migrated-leads';

export interface SupabaseStandIn {
  url: string;
  serviceRoleKey: string;
  db: PGlite;
  /** The functions called, in order. */
  calls: string[];
  close(): Promise<void>;
}

export async function startSupabaseStandIn(serviceRoleKey = 'service-role-test-key'): Promise<SupabaseStandIn> {
  const db = await openMigratedLeadDatabase();
  const calls: string[] = [];
  // PGlite is one connection: calls take turns, as they would queue for a pooled connection.
  let queue: Promise<unknown> = Promise.resolve();

  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const answer = (status: number, body?: unknown) =>
        response
          .writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' })
          .end(body === undefined ? undefined : JSON.stringify(body));
      const fn = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec((request.url ?? '').split('?')[0]!)?.[1];
      if (request.method !== 'POST' || !fn)
        return answer(404, { code: 'PGRST125', message: 'Invalid path specified in request URL' });
      if (request.headers.apikey !== serviceRoleKey || request.headers.authorization !== `Bearer ${serviceRoleKey}`) {
        return answer(401, { message: 'Invalid API key' });
      }
      calls.push(fn);
      const args = JSON.parse(text || '{}') as Record<string, unknown>;
      const work = queue.then(() => callFunction(db, fn, args));
      queue = work.catch(() => {});
      work.then(
        (result) => (result.void ? answer(204) : answer(200, result.rows)),
        (error: { message?: string; code?: string }) =>
          answer(400, {
            code: error.code ?? 'XX000',
            message: error.message ?? String(error),
            details: null,
            hint: null,
          }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serviceRoleKey,
    db,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}

/** public.<fn>(name => value, …) as service_role; rows as PostgREST writes them (json_agg), or void. */
async function callFunction(
  db: PGlite,
  fn: string,
  args: Record<string, unknown>,
): Promise<{ void: boolean; rows?: unknown }> {
  const names = Object.keys(args);
  if (!names.every((name) => /^[a-z_]+$/.test(name)))
    throw { code: 'PGRST202', message: 'Could not find the function' };
  const call = `public.${fn}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')})`;
  const values = names.map((name) => {
    const value = args[name];
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : value;
  });
  return db.transaction(async (tx) => {
    await tx.exec('set local role service_role');
    const returns = await tx.query<{ type: string; set: boolean }>(
      `select p.prorettype::regtype::text as type, p.proretset as set from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = $1`,
      [fn],
    );
    if (returns.rows.length === 0) throw { code: 'PGRST202', message: `Could not find the function public.${fn}` };
    if (returns.rows[0]!.type === 'void') {
      await tx.query(`select ${call}`, values);
      return { void: true };
    }
    const result = await tx.query<{ rows: unknown }>(
      `select coalesce(json_agg(r), '[]'::json) as rows from ${call} r`,
      values,
    );
    return { void: false, rows: result.rows[0]!.rows };
  });
}
