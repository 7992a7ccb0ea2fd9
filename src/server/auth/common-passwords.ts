import { IDENTITY_MESSAGES } from '../../shared/messages/identity';
import { AppError } from '../errors';

// No password from a list of common ones. The list is the "passwords-common"
// dictionary of @zxcvbn-ts/language-common (MIT, maintained with zxcvbn-ts): 49,233 passwords
// from leaked-password frequency lists, most common first. It is about 400 KB, so only the
// server loads it (once, on first use); a page would not carry it. Compared without regard to
// case or surrounding spaces: 'Password' is as common as 'password'.

let loading: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())),
  );
  return loading;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}

/** 400 with the field's message when `password` is on the list. */
export async function refuseCommonPassword(password: unknown, field: string): Promise<void> {
  if (typeof password === 'string' && (await isCommonPassword(password))) {
    throw new AppError('BAD_REQUEST', IDENTITY_MESSAGES.passwordTooCommon, {
      [field]: IDENTITY_MESSAGES.passwordTooCommon,
    });
  }
}
