// Text that reaches an e-mail's header or a file name is one line a reader can trust: no
// control character can start a header line of its own, and no bidirectional control can make
// 'invoice‮fdp.exe' read as 'invoiceexe.pdf'.

/** C0 and C1 control characters (CR, LF, tab, NUL…), DEL, and the Unicode line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** The bidirectional controls: embeddings and overrides (U+202A–202E), isolates (U+2066–2069), LRM and RLM. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** Without bidirectional controls. */
export const withoutBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');

/**
 * A name as it is saved (a business, a client, a property, a person): every run of control
 * characters becomes one space, bidirectional controls go. Trimming is the schema's.
 */
export const oneLine = (value: string): string => withoutBidiControls(value).replace(CONTROLS, ' ');
