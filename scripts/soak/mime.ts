/**
 * Just enough MIME to recognise a message the server sent: unfolded headers, RFC 2047 encoded
 * words in the subject, and a single text part in quoted-printable, base64, 7bit or 8bit. The
 * soak compares what arrived with the outbox rows, so the decoding must give back the very text
 * the server stored, not merely something readable.
 */
import { createHash } from 'node:crypto';

export interface ParsedMessage {
  /** Lower-case header name → every value, unfolded, in order. */
  headers: Map<string, string[]>;
  subject: string;
  /** The text body as the sender gave it (CRLF as LF, no trailing blank lines). */
  text: string;
}

/** Splits the raw bytes of a message (as DATA carried them) into headers and decoded body. */
export function parseMessage(raw: Buffer): ParsedMessage {
  const separator = raw.indexOf('\r\n\r\n');
  const headerPart = (separator < 0 ? raw : raw.subarray(0, separator)).toString('latin1');
  const bodyBytes = separator < 0 ? Buffer.alloc(0) : raw.subarray(separator + 4);
  const headers = new Map<string, string[]>();
  let current: { name: string; value: string } | undefined;
  const flush = () => {
    if (!current) return;
    const list = headers.get(current.name) ?? [];
    // Header bytes beyond ASCII are UTF-8 (SMTPUTF8 or a lax sender): decode them as such.
    list.push(Buffer.from(current.value, 'latin1').toString('utf8'));
    headers.set(current.name, list);
  };
  for (const line of headerPart.split('\r\n')) {
    if (/^[ \t]/.test(line) && current) {
      current.value += line;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    current =
      colon > 0
        ? { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() }
        : undefined;
  }
  flush();
  const encoding = (headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject')?.[0] ?? ''),
    text: normaliseText(decodeBody(bodyBytes, encoding, charsetOf(headers))),
  };
}

function charsetOf(headers: Map<string, string[]>): string {
  const type = headers.get('content-type')?.[0] ?? '';
  return /charset="?([^";\s]+)"?/i.exec(type)?.[1]?.toLowerCase() ?? 'utf-8';
}

function decodeBytes(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function decodeBody(bytes: Buffer, encoding: string, charset: string): string {
  if (encoding === 'base64') {
    return decodeBytes(
      Buffer.from(bytes.toString('latin1').replace(/\s+/g, ''), 'base64'),
      charset,
    );
  }
  if (encoding === 'quoted-printable') {
    return decodeBytes(quotedPrintable(bytes.toString('latin1')), charset);
  }
  return decodeBytes(bytes, charset);
}

/** RFC 2045 §6.7: soft line breaks go, =XX becomes the byte. */
function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined.charCodeAt(i);
    if (c === 0x3d && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(c & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: =?charset?Q|B?…?= words; whitespace between two encoded words is dropped. */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  return joined.replace(word, (_all, charset: string, kind: string, data: string) => {
    const bytes =
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : quotedPrintable(data.replace(/_/g, ' '));
    return decodeBytes(bytes, charset.toLowerCase());
  });
}

/** The same text however the line ends and trailing blanks travelled. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trimEnd();
}

/** What identifies one e-mail's content: recipient, subject and body. */
export function fingerprint(to: string, subject: string, text: string): string {
  return createHash('sha256')
    .update(`${to.trim().toLowerCase()}\0${subject.trim()}\0${normaliseText(text)}`)
    .digest('hex');
}
