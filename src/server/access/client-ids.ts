import type { Executor } from '../db/client';
import { AppError, conflict } from '../errors';
import type { Member } from './member';
import { requireRecord, type Kind } from './policy';

// Records made under the id a phone gave them (offline writes replayed later).

/**
 * Makes a record under the id a phone gave it: `insert(id)` answers undefined when that id is
 * taken. Only whoever can see the row holding it is told so (409 `alreadyExists`, their own
 * replay); for anyone else the record is made under a fresh server-made id, exactly as if the
 * id had been free, so the answer never depends on a row the caller cannot see.
 */
export async function insertWithClientId<T>(
  db: Executor,
  clientId: string | undefined,
  insert: (id: string | undefined) => Promise<T | undefined>,
  holder: { kind: Kind; member: Member },
  alreadyExists: string,
): Promise<T> {
  const made = await insert(clientId);
  if (made !== undefined) return made;
  if (!clientId || (await seesId(db, holder, clientId))) throw conflict(alreadyExists);
  const fresh = await insert(undefined);
  if (fresh === undefined) throw conflict(alreadyExists); // a server-made id is never taken
  return fresh;
}

async function seesId(db: Executor, holder: { kind: Kind; member: Member }, id: string): Promise<boolean> {
  try {
    await requireRecord(db, holder.member, holder.kind, id);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}
