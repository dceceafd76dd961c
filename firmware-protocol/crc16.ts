/**
 * CRC-16/CCITT-FALSE, the checksum that ends every line of the reader protocol (PROTOCOL.md §2).
 * Pure: no Node or DOM imports.
 *
 * Parameters: width 16, poly 0x1021, init 0xFFFF, no input or output reflection, xorout 0x0000.
 * Check value: `crc16("123456789") === 0x29B1`.
 */

/** The CRC of the empty input (the init value). */
export const CRC16_INIT = 0xffff;
/** The generator polynomial (x^16 + x^12 + x^5 + 1), high bit implicit. */
export const CRC16_POLY = 0x1021;

/** 256-entry table: CRC contribution of each possible top byte. */
const TABLE: Uint16Array = (() => {
  const t = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    let c = b << 8;
    for (let i = 0; i < 8; i++) c = c & 0x8000 ? ((c << 1) ^ CRC16_POLY) & 0xffff : (c << 1) & 0xffff;
    t[b] = c;
  }
  return t;
})();

/**
 * CRC-16/CCITT-FALSE of a sequence of bytes.
 * @param bytes values 0..255 (each is masked to 8 bits)
 * @param crc the running CRC to continue from (default 0xFFFF, the init value)
 * @returns the CRC, 0..0xFFFF. Never throws.
 */
export function crc16Bytes(bytes: ArrayLike<number>, crc: number = CRC16_INIT): number {
  let c = crc & 0xffff;
  for (let i = 0; i < bytes.length; i++) {
    c = ((c << 8) & 0xffff) ^ (TABLE[((c >>> 8) ^ (bytes[i]! & 0xff)) & 0xff] as number);
  }
  return c;
}

/**
 * CRC-16/CCITT-FALSE of a text. For ASCII text (every valid protocol line) the bytes are the
 * character codes; any other character is taken as its UTF-8 bytes, so the function is defined for
 * every string and never throws.
 * @returns the CRC, 0..0xFFFF, e.g. `crc16("123456789") === 0x29B1`
 */
export function crc16(text: string): number {
  let c = CRC16_INIT;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      c = ((c << 8) & 0xffff) ^ (TABLE[((c >>> 8) ^ code) & 0xff] as number);
    } else {
      c = crc16Bytes(utf8Bytes(text, i), c);
      // utf8Bytes consumed one code point: skip the low surrogate of a pair
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
      }
    }
  }
  return c;
}

/**
 * The CRC of a text as exactly 4 upper-case hex digits, as written after the `*` of a line.
 * @example crc16Hex("123456789") === "29B1"; crc16Hex("") === "FFFF"
 */
export function crc16Hex(text: string): string {
  return crc16(text).toString(16).toUpperCase().padStart(4, '0');
}

/** UTF-8 bytes of the code point starting at `text[i]` (a lone surrogate becomes U+FFFD). */
function utf8Bytes(text: string, i: number): number[] {
  let cp = text.charCodeAt(i);
  if (cp >= 0xd800 && cp <= 0xdbff) {
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    cp = next >= 0xdc00 && next <= 0xdfff ? 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00) : 0xfffd;
  } else if (cp >= 0xdc00 && cp <= 0xdfff) {
    cp = 0xfffd;
  }
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}
