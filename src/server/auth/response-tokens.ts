// A session's token is its cookie's value: whoever reads it is signed in. It travels only in the
// HttpOnly cookie, never in a JSON body that a script, an extension or a log of responses could
// read. better-auth puts it in the bodies of sign-in and sign-up (`token`), get-session
// (`session.token`) and list-sessions (each session's `token`); every /api/auth answer passes
// through here and loses it. Sessions work from the cookie alone.

type Json = unknown;

/** `value` without `token` keys at its top, in `session`, or in the items of a top-level list. */
function stripped(value: Json): Json {
  if (Array.isArray(value)) {
    return value.some((item) => isObject(item) && 'token' in item) ? value.map((item) => withoutToken(item)) : value;
  }
  if (!isObject(value)) return value;
  const out = withoutToken(value) as Record<string, Json>;
  return isObject(out.session) && 'token' in out.session ? { ...out, session: withoutToken(out.session) } : out;
}

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutToken(value: Json): Json {
  if (!isObject(value) || !('token' in value)) return value;
  const { token: _token, ...rest } = value;
  return rest;
}

/** better-auth's answer, its JSON body without session tokens (headers, cookies and status kept). */
export async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return response;
  const text = await response.clone().text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return response;
  }
  const clean = stripped(body);
  if (clean === body) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(clean), { status: response.status, statusText: response.statusText, headers });
}
