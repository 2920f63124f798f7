/**
 * `npm run access:review -- <request id> approve|reject|needs_changes ["comment"]`: the operator's
 * decision on a full-access request until the back-office has a screen for it; `-- list` prints
 * the undecided requests with their data and the storage keys of their documents. Opens the
 * running API's operator calls when it answers on API_HOST:API_PORT (it wrote the operator token
 * to DATA_DIR/operator-token, or OPERATOR_TOKEN is shared) — the only way while it holds the
 * embedded PGlite database, which allows one process; otherwise it opens the database itself
 * (DATABASE_URL, else PGlite under DATA_DIR), applies pending migrations and calls
 * decideAccessRequest. The notification e-mail is queued in the outbox; the running API sends it.
 * Exit code 0 when decided, 1 when refused (the reason is printed in Russian).
 */
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@freight/db';
import { MESSAGES, isProfileRole, roleLabel } from '@freight/domain';
import { loadConfig } from '../config/env';
import { AppError } from '../errors/app-error';
import { readOperatorToken } from '../modules/operator/operator-token';
import { JobQueue } from '../modules/jobs/job-queue';
import { Outbox, createTransports } from '../modules/messaging/outbox.service';
import {
  decideAccessRequest,
  describeOpenRequests,
  type DecisionDeps,
} from '../modules/access-requests/access-requests.decision';

const A = MESSAGES.accessRequest;

/** What the command does: through the running API, or on the database itself. */
export interface ReviewOperations {
  list(): Promise<string[]>;
  decide(
    requestId: string,
    decision: string,
    comment: string,
  ): Promise<{
    request: { id: string; status_label: string };
    profile: { account_uuid: string; role: string } | null;
    notified: string | null;
  }>;
}

/** The operations on an open database (the API is not running, or DATABASE_URL is shared). */
export function databaseOperations(deps: DecisionDeps): ReviewOperations {
  return {
    list: () => describeOpenRequests(deps.db),
    decide: async (requestId, decision, comment) => {
      const result = await decideAccessRequest(deps, requestId, decision, comment);
      return {
        request: result.request,
        profile: result.profile ? { account_uuid: result.profile.accountUuid, role: result.profile.role } : null,
        notified: result.notified,
      };
    },
  };
}

/** A refusal of the running API, with its Russian message. */
class RemoteRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The operations through the running API's operator calls (operator.routes.ts): the way while
 * the API holds the embedded database, which allows one process.
 */
export function apiOperations(baseUrl: string, token: string): ReviewOperations {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok) throw new RemoteRefusal(body?.error?.message ?? response.statusText, response.status);
    return body as T;
  };
  return {
    list: async () => (await call<{ lines: string[] }>('/api/v1/operator/access_requests/open')).lines,
    decide: (requestId, decision, comment) =>
      call('/api/v1/operator/access_requests/decide', {
        method: 'POST',
        body: JSON.stringify({ request_id: requestId, decision, ...(comment ? { comment } : {}) }),
      }),
  };
}

/**
 * Runs the command on `args` (what follows `--`): the request id, the decision and the comment
 * (the remaining words, joined). Prints the outcome through `print`; returns the exit code.
 */
export async function runAccessReview(
  args: readonly string[],
  { ops, print }: { ops: ReviewOperations; print: (line: string) => void },
): Promise<number> {
  const [requestId, decision, ...words] = args;
  if (requestId === 'list' && !decision) {
    const lines = await ops.list();
    for (const line of lines.length > 0 ? lines : [A.cliListEmpty]) print(line);
    return 0;
  }
  if (!requestId || !decision) {
    print(A.cliUsage);
    return 1;
  }
  try {
    const result = await ops.decide(requestId, decision, words.join(' '));
    print(A.cliDone(result.request.id, result.request.status_label));
    if (result.profile) {
      const role = isProfileRole(result.profile.role) ? roleLabel(result.profile.role) : result.profile.role;
      print(A.cliProfile(result.profile.account_uuid, role));
    }
    if (result.notified) print(A.cliNotified(result.notified));
    return 0;
  } catch (error) {
    const refusal =
      error instanceof AppError
        ? { message: error.message, status: error.statusCode }
        : error instanceof RemoteRefusal
          ? error
          : null;
    if (!refusal) throw error;
    print(refusal.message);
    if (refusal.status === 400) print(A.cliUsage);
    return 1;
  }
}

/** Whether an API answers on `baseUrl` (its liveness call), within a second. */
async function apiIsUp(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const print = (line: string) => console.log(line);
  const args = process.argv.slice(2);
  // With the embedded database the running API is the only process that may open it: ask it.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
  const token = await readOperatorToken(config.dataDir, config.operatorToken);
  if (token && (await apiIsUp(baseUrl))) {
    process.exitCode = await runAccessReview(args, { ops: apiOperations(baseUrl, token), print });
    return;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // This process only enqueues (no workers): the running API instances send the e-mail.
  const jobs = new JobQueue({ database, poll: false });
  try {
    await database.migrate();
    const clock = () => new Date();
    const outbox = new Outbox(database.db, createTransports(config.messaging, clock), clock, jobs);
    await jobs.start();
    const deps = { db: database.db, clock, outbox, publicOrigin: config.publicOrigin };
    process.exitCode = await runAccessReview(args, { ops: databaseOperations(deps), print });
  } finally {
    await jobs.stop();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
