/** One field-level error of an RFC 9457 problem body (SPEC §2). */
export interface ProblemFieldError {
  field: string;
  code: string;
  message: string;
}

/** The RFC 9457 `application/problem+json` body the Uplink API answers errors with. */
export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  errors?: ProblemFieldError[];
  /** Members some codes add (e.g. `available`, `redirect_url`, `decline_code`). */
  extra?: Record<string, unknown>;
}

/** Codes the client itself produces when there is no problem body to read. */
export const CLIENT_ERROR_CODES = ['network_error', 'server_error', 'unexpected_response'] as const;

const CODE_BY_STATUS: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  422: 'validation_failed',
  429: 'rate_limited',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): ProblemFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ProblemFieldError[] => {
    if (!isRecord(item) || typeof item.field !== 'string') return [];
    return [
      {
        field: item.field,
        code: typeof item.code === 'string' ? item.code : 'invalid',
        message: typeof item.message === 'string' ? item.message : '',
      },
    ];
  });
}

/** An error answer of the API, parsed from its problem+json body (or inferred from the status). */
export class ApiProblem extends Error {
  override readonly name = 'ApiProblem';
  readonly status: number;
  /** Stable machine code from the error catalogue (SPEC §16), or one of CLIENT_ERROR_CODES. */
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly type: string;
  readonly errors: readonly ProblemFieldError[];
  /** First message per field, ready to set on form fields. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** Extra members of the problem body (e.g. `available`, `redirect_url`). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(status: number, body: ProblemBody = {}) {
    const code = body.code ?? CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'unexpected_response');
    super(body.detail ?? body.title ?? `Request failed (${status === 0 ? 'network' : status}): ${code}`);
    this.status = status;
    this.code = code;
    this.title = body.title ?? code;
    this.detail = body.detail;
    this.type = body.type ?? 'about:blank';
    this.errors = body.errors ?? [];
    const fieldErrors: Record<string, string> = {};
    for (const error of this.errors) fieldErrors[error.field] ??= error.message;
    this.fieldErrors = fieldErrors;
    this.extra = body.extra ?? {};
  }

  /** Builds a problem from whatever the server sent: a problem body, other JSON, text or nothing. */
  static fromBody(status: number, body: unknown): ApiProblem {
    if (!isRecord(body)) return new ApiProblem(status);
    return new ApiProblem(status, {
      type: typeof body.type === 'string' ? body.type : undefined,
      title: typeof body.title === 'string' ? body.title : undefined,
      status: typeof body.status === 'number' ? body.status : undefined,
      detail: typeof body.detail === 'string' ? body.detail : undefined,
      code: typeof body.code === 'string' ? body.code : undefined,
      errors: readFieldErrors(body.errors),
      extra: Object.fromEntries(
        Object.entries(body).filter(([k]) => !['type', 'title', 'status', 'detail', 'code', 'errors'].includes(k)),
      ),
    });
  }

  static network(cause: unknown): ApiProblem {
    const problem = new ApiProblem(0, { code: 'network_error', title: 'Network error' });
    problem.cause = cause;
    return problem;
  }
}

export function isApiProblem(error: unknown): error is ApiProblem {
  return error instanceof ApiProblem;
}
