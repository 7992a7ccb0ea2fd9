import { expect } from 'vitest';

/** The answer's JSON body (undefined when empty), after checking its status; a wrong status shows the body. */
export async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}
