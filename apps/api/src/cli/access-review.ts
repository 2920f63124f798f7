/**
 * `npm run access:review -- <request id> approve|reject|needs_changes ["comment"]`: the operator's
 * decision on a full-access request until the back-office has a screen for it; `-- list` prints
 * the undecided requests with their data and the storage keys of their documents. Opens the
 * database the API uses (DATABASE_URL, else the embedded PGlite under DATA_DIR, default ./.data —
 * stop the API first then: PGlite allows one process), applies pending migrations and calls
 * decideAccessRequest. The notification e-mail is queued in the outbox; the running API sends it.
 * Exit code 0 when decided, 1 when refused (the reason is printed in Russian).
 */
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@freight/db';
import { MESSAGES, isProfileRole, roleLabel } from '@freight/domain';
import { loadConfig } from '../config/env';
import { AppError } from '../errors/app-error';
import {
  decideAccessRequest,
  describeOpenRequests,
  outboxTable,
  type DecisionDeps,
} from '../modules/access-requests/access-requests.decision';

const A = MESSAGES.accessRequest;

/**
 * Runs the command on `args` (what follows `--`): the request id, the decision and the comment
 * (the remaining words, joined). Prints the outcome through `print`; returns the exit code.
 */
export async function runAccessReview(
  args: readonly string[],
  { deps, print }: { deps: DecisionDeps; print: (line: string) => void },
): Promise<number> {
  const [requestId, decision, ...words] = args;
  if (requestId === 'list' && !decision) {
    const lines = await describeOpenRequests(deps.db);
    for (const line of lines.length > 0 ? lines : [A.cliListEmpty]) print(line);
    return 0;
  }
  if (!requestId || !decision) {
    print(A.cliUsage);
    return 1;
  }
  try {
    const result = await decideAccessRequest(deps, requestId, decision, words.join(' '));
    print(A.cliDone(result.request.id, result.request.status_label));
    if (result.profile) {
      const role = isProfileRole(result.profile.role) ? roleLabel(result.profile.role) : result.profile.role;
      print(A.cliProfile(result.profile.accountUuid, role));
    }
    if (result.notified) print(A.cliNotified(result.notified));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    print(error.message);
    if (error.message === A.decisionInvalid || error.statusCode === 400) print(A.cliUsage);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const clock = () => new Date();
    process.exitCode = await runAccessReview(process.argv.slice(2), {
      deps: { db: database.db, clock, outbox: outboxTable(database.db, clock), publicOrigin: config.publicOrigin },
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
