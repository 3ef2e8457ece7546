import { describe, expect, it } from 'vitest'
import { readTar, TAR_END, TarFormatError, tarHeader, tarPadding } from './tar.ts'

function archive(files: Record<string, Buffer>): Buffer {
  const parts: Buffer[] = []
  for (const [name, body] of Object.entries(files)) {
    parts.push(tarHeader(name, body.length, new Date('2026-11-27T00:00:00Z')), body, tarPadding(body.length))
  }
  parts.push(TAR_END)
  return Buffer.concat(parts)
}

async function entries(bytes: Buffer, pieceSize: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  let name = ''
  const pieces = Array.from({ length: Math.ceil(bytes.length / pieceSize) }, (_, i) =>
    bytes.subarray(i * pieceSize, (i + 1) * pieceSize),
  )
  await readTar(pieces, {
    start: (e) => {
      name = e.name
      out[name] = ''
    },
    data: (chunk) => {
      out[name] += chunk.toString('latin1')
    },
    end: () => undefined,
  })
  return out
}

describe('tar (ustar regular files)', () => {
  const files = {
    'empty.txt': Buffer.alloc(0),
    'a/exact.bin': Buffer.alloc(512, 7),
    'storage/0a/0a1b2c3d-0000-4000-8000-000000000000': Buffer.from('x'.repeat(1300)),
  }

  it('reads back what it wrote, however the stream is cut', async () => {
    const bytes = archive(files)
    const expected = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.toString('latin1')]))
    for (const size of [1, 7, 511, 512, 513, 4096, bytes.length]) {
      expect(await entries(bytes, size)).toEqual(expected)
    }
  })

  it('writes headers standard tools accept: a valid checksum and the ustar magic', () => {
    const header = tarHeader('manifest.json', 10, new Date(0))
    expect(header.subarray(257, 262).toString()).toBe('ustar')
    let sum = 0
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]
    expect(Number.parseInt(header.subarray(148, 154).toString(), 8)).toBe(sum)
  })

  it('refuses an archive cut short, a damaged header, and names it cannot hold', async () => {
    const bytes = archive(files)
    await expect(entries(bytes.subarray(0, bytes.length - 1024 - 100), 512)).rejects.toThrow(TarFormatError)
    const damaged = Buffer.from(bytes)
    damaged[3] ^= 0xff
    await expect(entries(damaged, 512)).rejects.toThrow(/checksum/)
    expect(() => tarHeader('n'.repeat(101), 1, new Date())).toThrow(/unsupported name/)
  })
})
