/**
 * The game-server protocol, version 1 (openapi.yaml beside this file is the contract studios implement): paths,
 * wire shapes and error codes, shared by the HTTP adapter, the built-in simulator's server and the conformance
 * kit. Every path is under the game's base URL; ids are the game server's own (`server_id` = cp_server_id,
 * `role_id` = cp_role_id), `mid` our member id, `order_no` our order number (the idempotency key of a delivery).
 */
export const protocolVersion = 'v1';

const seg = encodeURIComponent;
export const protocolPaths = {
  servers: (game: number) => `/v1/games/${game}/servers`,
  characters: (game: number, serverId: string, mid: number) =>
    `/v1/games/${game}/servers/${seg(serverId)}/members/${mid}/characters`,
  rechargeCheck: (game: number) => `/v1/games/${game}/recharge-checks`,
  delivery: (game: number, orderNo: string) => `/v1/games/${game}/deliveries/${seg(orderNo)}`,
  reversal: (game: number, orderNo: string) => `/v1/games/${game}/deliveries/${seg(orderNo)}/reversal`,
} as const;

export interface WireServer {
  server_id: string;
  maintenance: boolean;
  /** Optional: the name players see (the publisher's server sync names new servers with it). */
  name?: string;
}
export interface WireCharacter {
  role_id: string;
  role_name: string;
  level: number;
  can_recharge: boolean;
}
export interface WireRechargeCheck {
  mid: number;
  server_id: string;
  role_id: string;
}
export interface WireDeliveryRequest extends WireRechargeCheck {
  product_id: string;
  credit_amount: number;
}
export interface WireDelivery extends WireDeliveryRequest {
  order_no: string;
  delivery_id: string;
  status: 'delivered' | 'reversed';
  delivered_at: string;
  reversed_at: string | null;
}

/**
 * Every error answer: `{ "error": { "code", "message", "retryable" } }` with this status. `retryable` says whether
 * the same request may succeed later.
 */
export const protocolErrors = {
  bad_request: { status: 400, retryable: false },
  unknown_key: { status: 401, retryable: false },
  stale_timestamp: { status: 401, retryable: false },
  bad_signature: { status: 401, retryable: false },
  game_missing: { status: 404, retryable: false },
  server_missing: { status: 404, retryable: false },
  character_missing: { status: 404, retryable: false },
  delivery_missing: { status: 404, retryable: false },
  maintenance: { status: 409, retryable: true },
  idempotency_conflict: { status: 409, retryable: false },
  cannot_recharge: { status: 422, retryable: false },
  unavailable: { status: 503, retryable: true },
} as const;
export type ProtocolErrorCode = keyof typeof protocolErrors;
export const protocolErrorCodes = Object.keys(protocolErrors) as ProtocolErrorCode[];

export interface WireError {
  error: { code: ProtocolErrorCode; message: string; retryable: boolean };
}

export function errorBody(code: ProtocolErrorCode, message: string = code.replaceAll('_', ' ')): WireError {
  return { error: { code, message, retryable: protocolErrors[code].retryable } };
}

/** A body in the error shape with a code this version knows. */
export function isWireError(body: unknown): body is WireError {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return (
    !!error &&
    typeof error.code === 'string' &&
    Object.hasOwn(protocolErrors, error.code) &&
    typeof error.message === 'string' &&
    typeof error.retryable === 'boolean'
  );
}
