/**
 * A small reader for the RFC 822 / MIME messages nodemailer writes to the outbox:
 * unfolded headers with RFC 2047 encoded-words decoded, and the text and HTML bodies
 * decoded from 7bit, 8bit, quoted-printable or base64. No I/O.
 */

export interface ParsedMail {
  headers: Record<string, string>;
  text?: string;
  html?: string;
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function qpBytes(value: string, underscoreIsSpace: boolean): Buffer {
  const text = (underscoreIsSpace ? value.replace(/_/g, ' ') : value).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded-words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, enc: string, data: string) =>
      decodeCharset(enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data, true), charset),
    );
}

/** Header names lower-cased; folded lines joined; encoded-words decoded. The first occurrence wins. */
export function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string, charset: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeCharset(qpBytes(body, false), charset);
    case 'base64':
      return decodeCharset(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
    default:
      return body;
  }
}

const param = (headerValue: string | undefined, name: string): string | undefined =>
  new RegExp(`${name}="?([^";]+)"?`, 'i').exec(headerValue ?? '')?.[1];

function collectParts(raw: string, into: ParsedMail): void {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'], 'boundary');
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(section.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(
    body,
    headers['content-transfer-encoding'] ?? '7bit',
    param(headers['content-type'], 'charset') ?? 'utf-8',
  );
  const clean = decoded.replace(/\r\n/g, '\n');
  if (type.startsWith('text/plain') && into.text === undefined) into.text = clean;
  else if (type.startsWith('text/html') && into.html === undefined) into.html = clean;
}

export function parseEml(raw: string): ParsedMail {
  const parsed: ParsedMail = { headers: parseHeaders(splitHead(raw).head) };
  collectParts(raw, parsed);
  return parsed;
}

/** Every http(s) link in a text, in order, without duplicates. */
export function findLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}
