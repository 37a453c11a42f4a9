/**
 * Draws the app icon (a white die showing five on the theme's olive green) as PNG bytes, so the
 * build emits icons without committed binaries. Maskable icons keep the die inside the 80 % safe zone.
 */
import { deflateSync } from 'node:zlib';

const BG = [0x3b, 0x4a, 0x2f];
const DIE = [0xf4, 0xf1, 0xe8];
const PIP = [0x1d, 0x24, 0x17];

function crc32(buf: Uint8Array): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export function iconPng(size: number, maskable: boolean): Buffer {
  const die = size * (maskable ? 0.5 : 0.68);
  const x0 = (size - die) / 2,
    y0 = (size - die) / 2,
    r = die * 0.16;
  const pipR = die * 0.085;
  const pips = [
    [0.27, 0.27],
    [0.73, 0.27],
    [0.5, 0.5],
    [0.27, 0.73],
    [0.73, 0.73],
  ].map(([a, b]) => [x0 + a! * die, y0 + b! * die]);
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const px = x + 0.5,
        py = y + 0.5;
      let col = BG;
      const dx = Math.max(x0 + r - px, 0, px - (x0 + die - r)),
        dy = Math.max(y0 + r - py, 0, py - (y0 + die - r));
      if (px >= x0 && px <= x0 + die && py >= y0 && py <= y0 + die && dx * dx + dy * dy <= r * r) {
        col = DIE;
        for (const [cx, cy] of pips) if ((px - cx!) ** 2 + (py - cy!) ** 2 <= pipR * pipR) col = PIP;
      }
      raw.set(col, y * (size * 3 + 1) + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

export const ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: false },
] as const;
