/**
 * A business outcome or refusal with a catalogue code. Business outcomes travel as HTTP 200 with their code
 * (DESIGN section 4); only the transport-level refusals set another status.
 */
import type { ErrorDomain } from '@gp/errors';

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: number,
    readonly options: { domain?: ErrorDomain; status?: number; data?: unknown } = {},
  ) {
    super(`code ${code}`);
    this.name = 'AppError';
    this.statusCode = options.status ?? 200;
  }
}

/** One failing input field: where, and a machine code (zod's issue code) the UI translates. */
export interface FieldProblem {
  field: string;
  code: string;
}

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldProblem[]) {
    super(`invalid request: ${fields.map((f) => f.field).join(', ')}`);
    this.name = 'RequestValidationError';
  }
}
