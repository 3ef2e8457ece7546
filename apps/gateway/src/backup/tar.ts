/**
 * The small part of the POSIX ustar format a backup needs (docs/decisions/027): regular files
 * with names of at most 100 bytes, written and read as streams. No dependency, and nothing else
 * (links, long names, extended headers) is accepted on reading.
 */

const BLOCK = 512

export interface TarEntryHeader {
  name: string
  size: number
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8')
  if (nameBytes.length === 0 || nameBytes.length > 100) throw new Error(`tar: unsupported name ${name}`)
  if (!Number.isSafeInteger(size) || size < 0 || size >= 8 ** 11)
    throw new Error(`tar: unsupported size ${size}`)
  const header = Buffer.alloc(BLOCK)
  nameBytes.copy(header, 0)
  header.write(octal(0o644, 8), 100, 'ascii')
  header.write(octal(0, 8), 108, 'ascii')
  header.write(octal(0, 8), 116, 'ascii')
  header.write(octal(size, 12), 124, 'ascii')
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii')
  header.write('        ', 148, 'ascii')
  header.write('0', 156, 'ascii')
  header.write('ustar\u000000', 257, 'ascii')
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return header
}

/** Zero bytes that bring an entry of `size` bytes up to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** Two zero blocks: the end of the archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK)

export class TarFormatError extends Error {}

function parseHeader(block: Buffer): TarEntryHeader | undefined {
  if (block.every((b) => b === 0)) return undefined
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]
  const stored = Number.parseInt(block.subarray(148, 156).toString('ascii').replace(/[\0 ]/g, ''), 8)
  if (stored !== sum) throw new TarFormatError('tar: header checksum mismatch')
  if (block.subarray(257, 262).toString('ascii') !== 'ustar')
    throw new TarFormatError('tar: not a ustar header')
  const type = String.fromCharCode(block[156])
  if (type !== '0' && type !== '\0')
    throw new TarFormatError(`tar: unsupported entry type ${JSON.stringify(type)}`)
  const end = block.indexOf(0, 0)
  const name = block.subarray(0, end === -1 || end > 100 ? 100 : end).toString('utf8')
  const size = Number.parseInt(block.subarray(124, 136).toString('ascii').replace(/[\0 ]/g, ''), 8)
  if (!name || !Number.isSafeInteger(size) || size < 0) throw new TarFormatError('tar: bad header')
  return { name, size }
}

export interface TarVisitor {
  /** Called for each entry before its bytes; then `data` for each piece of them and `end`. */
  start(entry: TarEntryHeader): void | Promise<void>
  data(chunk: Buffer): void | Promise<void>
  end(): void | Promise<void>
}

/**
 * Reads a tar stream, calling `visitor` for every entry in order (awaiting it, so a slow writer
 * slows the reading). Throws TarFormatError on anything but complete regular-file entries
 * followed by the end marker.
 */
export async function readTar(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  visitor: TarVisitor,
): Promise<void> {
  let pending = Buffer.alloc(0)
  let entry: TarEntryHeader | undefined
  let remaining = 0
  let padding = 0
  let ended = false
  for await (const piece of source) {
    pending = pending.length ? Buffer.concat([pending, piece]) : Buffer.from(piece)
    while (!ended) {
      if (entry) {
        if (remaining > 0) {
          if (pending.length === 0) break
          const take = Math.min(remaining, pending.length)
          const chunk = pending.subarray(0, take)
          pending = pending.subarray(take)
          remaining -= take
          await visitor.data(chunk)
          continue
        }
        if (pending.length < padding) break
        pending = pending.subarray(padding)
        entry = undefined
        await visitor.end()
        continue
      }
      if (pending.length < BLOCK) break
      const header = parseHeader(pending.subarray(0, BLOCK))
      pending = pending.subarray(BLOCK)
      if (!header) {
        ended = true
        break
      }
      entry = header
      remaining = header.size
      padding = (BLOCK - (header.size % BLOCK)) % BLOCK
      await visitor.start(header)
    }
  }
  if (!ended) throw new TarFormatError('tar: the archive ends early')
}
