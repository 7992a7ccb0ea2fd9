import { expect } from 'vitest';
import type { ErrorBody } from '../../src/shared/schemas/common';

declare const answer: unique symbol;

/** A response that knows its successful body's type (from the route contract: tests/support/api.ts). */
export type ApiResponse<T> = Response & { readonly [answer]?: T };

/**
 * The answer's JSON body (undefined when empty), after checking its status; a wrong status shows
 * the body. A typed response gives its body's type; a route outside the contract (better-auth's
 * /api/auth/*, a non-JSON answer) names it (`json<T>`). For an error's body use `refusal`.
 */
export async function json<T>(response: ApiResponse<T>, status: number): Promise<T>;
export async function json<T>(response: Response, status: number): Promise<T>;
export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An error answer's body (`{ error: { code, message, fields? } }`), after checking its status. */
export async function refusal(response: Response, status: number): Promise<ErrorBody> {
  return json<ErrorBody>(response, status);
}
