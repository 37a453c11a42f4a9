/**
 * The signalling code: a WebRTC offer or answer as a short text to show as a QR code or to copy and
 * paste. No server carries it: the players carry it, from one screen to the other. The session
 * description keeps only what a data channel needs (the lines below), is compressed with the
 * browser's own CompressionStream ("deflate"), and written in base64url, after a prefix that says
 * what it is: `WC1O.` an offer, `WC1A.` an answer.
 */

export type CodeKind = 'offer' | 'answer';

const PREFIX: Record<CodeKind, string> = { offer: 'WC1O.', answer: 'WC1A.' };

/** Session-description lines a data channel does without (kept short for the QR code). */
const DROPPED = [/^a=extmap-allow-mixed/, /^a=msid-semantic/, /^a=ice-options/];

/**
 * The description with what a data channel does not need taken out: media extensions, and the
 * TCP candidates (two devices on one local network reach each other over UDP).
 */
export function trimSdp(sdp: string): string {
  return sdp
    .split(/\r?\n/)
    .filter((l) => l && !DROPPED.some((r) => r.test(l)) && !(l.startsWith('a=candidate:') && / tcp /i.test(l)))
    .join('\r\n')
    .concat('\r\n');
}

async function pump(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer();
  return new Uint8Array(await out);
}

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const s = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** An offer or answer as a code (compressed, base64url, prefixed). */
export async function encodeCode(kind: CodeKind, sdp: string): Promise<string> {
  const raw = new TextEncoder().encode(trimSdp(sdp));
  return PREFIX[kind] + toBase64Url(await pump(raw, new CompressionStream('deflate')));
}

export class CodeError extends Error {
  constructor(readonly reason: 'not-a-code' | 'wrong-kind' | 'damaged') {
    super(reason);
  }
}

/** Reads a code back (white space, as pasted from a chat or a note, is ignored); throws CodeError. */
export async function decodeCode(expected: CodeKind, text: string): Promise<string> {
  const code = text.replace(/\s+/g, '');
  const kind = (Object.keys(PREFIX) as CodeKind[]).find((k) => code.startsWith(PREFIX[k]));
  if (!kind) throw new CodeError('not-a-code');
  if (kind !== expected) throw new CodeError('wrong-kind');
  try {
    const sdp = new TextDecoder().decode(
      await pump(fromBase64Url(code.slice(PREFIX[kind].length)), new DecompressionStream('deflate')),
    );
    if (!sdp.startsWith('v=0')) throw new Error('not a session description');
    return sdp;
  } catch {
    throw new CodeError('damaged');
  }
}
