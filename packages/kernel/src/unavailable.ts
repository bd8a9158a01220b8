/** A dependency (database, object store) cannot be reached now: the request may succeed later. */
export class DependencyUnavailableError extends Error {
  readonly statusCode = 503;
  override name = 'DependencyUnavailableError';

  constructor(dependency: string, cause: unknown) {
    super(`${dependency} is unavailable`, { cause });
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Postgres: connection exceptions (08xxx) and a server shutting down or starting up (57P01-57P03). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error means "could not talk to the server", as opposed to a bad query or request. */
function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isConnectionFailure(cause);
}

/** Runs `work`, turning a connection failure into a DependencyUnavailableError (answered 503). */
export async function reportingUnavailable<T>(dependency: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isConnectionFailure(error) ? new DependencyUnavailableError(dependency, error) : error;
  }
}
