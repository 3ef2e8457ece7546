import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedStatementPdfs } from '../../src/demo/statement-pdfs.ts'
import {
  createStorageFixture,
  DEMO,
  PNG,
  pdfBlob,
  pngBlob,
  type StorageFixture,
  storageCases,
} from './storage-fixture.ts'

/**
 * The tenant portal's files through the real storage API (issue 12): statement PDFs generated at
 * seeding, proofs of payment (type and size checked by the bucket, the statement marked, nothing
 * left behind on refusal) and maintenance photos (at most 5 per request).
 */
const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId
const REQUEST_A = '3a000000-0000-4000-8000-00000000000a'

describe.each(storageCases)('tenant portal files (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  let issuedA: string
  let paidA: string
  let issuedB: string
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    const pick = async (tenant: string, status: string) => {
      const { rows } = await f.gw.db.query<{ id: string }>(
        'select id from public.rental_statements where tenant_id = $1 and status = $2 order by period limit 1',
        [tenant, status],
      )
      return rows[0].id
    }
    issuedA = await pick(A, 'issued')
    paidA = await pick(A, 'paid')
    issuedB = await pick(B, 'issued')
  })
  afterAll(() => f?.close())

  describe('statement PDFs of the demo content', () => {
    let made = 0
    beforeAll(async () => {
      made = await seedStatementPdfs(f.gw.deps)
    })

    it('gives every issued demo statement a PDF, and drafts none', async () => {
      const { rows } = await f.gw.db.query<{ kind: string; status: string; file_path: string | null }>(
        `select 'rental' as kind, status, file_path from public.rental_statements
         union all select 'utility', status, file_path from public.utility_statements`,
      )
      expect(made).toBe(rows.filter((r) => r.status !== 'draft').length)
      for (const r of rows) {
        if (r.status === 'draft') expect(r.file_path).toBeNull()
        else expect(r.file_path).toMatch(new RegExp(`^[0-9a-f-]{36}/${r.kind}/\\d{4}-\\d{2}\\.pdf$`))
      }
      // Running it again finds nothing left to do.
      expect(await seedStatementPdfs(f.gw.deps)).toBe(0)
    })

    it('lets the tenant download their own statement PDF through a signed URL, and not another tenant’s', async () => {
      const { data: mine } = await f.tenantA
        .from('rental_statements')
        .select('file_path')
        .not('file_path', 'is', null)
      expect(mine?.length).toBeGreaterThan(0)
      const path = String(mine?.[0].file_path)
      const signed = await f.tenantA.storage.from('statements').createSignedUrl(path, 60)
      expect(signed.error).toBeNull()
      const res = await f.fetch(
        new URL(String(signed.data?.signedUrl)).pathname + new URL(String(signed.data?.signedUrl)).search,
      )
      expect(res.status).toBe(200)
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-')
      const stored = await f.service.storage.from('statements').download(path)
      expect(new Uint8Array(await (stored.data as Blob).arrayBuffer())).toEqual(bytes)

      const theirs = await f.tenantB.storage.from('statements').createSignedUrl(path, 60)
      expect(theirs.data).toBeNull()
      expect(theirs.error).not.toBeNull()
    })
  })

  describe('proofs of payment', () => {
    const statusOf = async (id: string) => {
      const { rows } = await f.gw.db.query<{ status: string }>(
        'select status from public.rental_statements where id = $1',
        [id],
      )
      return rows[0].status
    }
    const proofsOf = async (id: string) => {
      const { rows } = await f.gw.db.query<{ n: number }>(
        'select count(*)::int as n from public.payment_proofs where rental_statement_id = $1',
        [id],
      )
      return rows[0].n
    }

    it("marks the tenant's statement 'payment submitted' and keeps the file for the tenant and the admins only", async () => {
      const path = `${A}/rental/${issuedA}/eft-confirmation.pdf`
      const { error } = await f.tenantA.storage.from('payment-proofs').upload(path, pdfBlob())
      expect(error).toBeNull()
      expect(await statusOf(issuedA)).toBe('payment_submitted')
      const { data: visible } = await f.tenantA
        .from('rental_statements')
        .select('status')
        .eq('id', issuedA)
        .single()
      expect(visible).toEqual({ status: 'payment_submitted' })
      const { data: proofs } = await f.tenantA.from('payment_proofs').select('object_path, statement_kind')
      expect(proofs).toEqual([{ object_path: path, statement_kind: 'rental' }])

      expect((await f.tenantA.storage.from('payment-proofs').download(path)).error).toBeNull()
      expect((await f.admin.storage.from('payment-proofs').download(path)).error).toBeNull()
      expect((await f.tenantB.storage.from('payment-proofs').download(path)).data).toBeNull()
      expect((await f.anon.storage.from('payment-proofs').download(path)).data).toBeNull()
      const { data: bProofs } = await f.tenantB.from('payment_proofs').select('id')
      expect(bProofs).toEqual([])
    })

    it('refuses a file type the bucket does not take, and leaves nothing behind', async () => {
      const files = (await f.storedBlobs()).length
      const rows = await f.objectCount('payment-proofs')
      const { error } = await f.tenantB.storage
        .from('payment-proofs')
        .upload(`${B}/rental/${issuedB}/notes.txt`, new Blob(['paid'], { type: 'text/plain' }))
      expect(error?.message).toBe('mime type text/plain is not supported')
      expect(await f.objectCount('payment-proofs')).toBe(rows)
      expect(await f.storedBlobs()).toHaveLength(files)
      expect(await statusOf(issuedB)).toBe('issued')
      expect(await proofsOf(issuedB)).toBe(0)
    })

    it('refuses a file over 5 MB, and leaves nothing behind', async () => {
      const files = (await f.storedBlobs()).length
      const big = new Uint8Array(5 * 1024 * 1024 + 1)
      big.set(PNG)
      const { error } = await f.tenantB.storage
        .from('payment-proofs')
        .upload(`${B}/rental/${issuedB}/huge.png`, new Blob([big], { type: 'image/png' }))
      expect(error?.message).toBe('The object exceeded the maximum allowed size')
      expect(await f.storedBlobs()).toHaveLength(files)
      expect(await statusOf(issuedB)).toBe('issued')
      expect(await proofsOf(issuedB)).toBe(0)
    })

    it('refuses a photo whose bytes are not what it claims', async () => {
      const { error } = await f.tenantB.storage
        .from('payment-proofs')
        .upload(`${B}/rental/${issuedB}/fake.png`, new Blob(['not a picture at all'], { type: 'image/png' }))
      expect(error?.message).toBe('mime type image/png does not match the content of the file')
      expect(await proofsOf(issuedB)).toBe(0)
    })

    it('refuses a proof against a paid statement with the reason, and removes the bytes it received', async () => {
      const files = (await f.storedBlobs()).length
      const { error } = await f.tenantA.storage
        .from('payment-proofs')
        .upload(`${A}/rental/${paidA}/late.png`, pngBlob())
      expect(error?.message).toBe('Proof of payment can only be added to an issued, unpaid statement')
      expect(await f.storedBlobs()).toHaveLength(files)
      expect(await statusOf(paidA)).toBe('paid')
    })

    it("refuses a proof against another tenant's statement", async () => {
      const { error } = await f.tenantA.storage
        .from('payment-proofs')
        .upload(`${B}/rental/${issuedB}/x.pdf`, pdfBlob())
      expect(error).not.toBeNull()
      expect(await statusOf(issuedB)).toBe('issued')
    })
  })

  describe('maintenance photos', () => {
    it('takes up to 5 photos of a request, refuses the sixth, and shows them to the tenant only', async () => {
      for (let i = 1; i <= 5; i++) {
        const { error } = await f.tenantA.storage
          .from('maintenance-photos')
          .upload(`${A}/${REQUEST_A}/p${i}.png`, pngBlob())
        expect(error).toBeNull()
      }
      const sixth = await f.tenantA.storage
        .from('maintenance-photos')
        .upload(`${A}/${REQUEST_A}/p6.png`, pngBlob())
      expect(sixth.error?.message).toBe('A maintenance request can have at most 5 photos')
      const { data: mine } = await f.tenantA.storage.from('maintenance-photos').list(`${A}/${REQUEST_A}`)
      expect(mine?.map((o) => o.name).sort()).toEqual(['p1.png', 'p2.png', 'p3.png', 'p4.png', 'p5.png'])
      const { data: theirs } = await f.tenantB.storage.from('maintenance-photos').list(`${A}/${REQUEST_A}`)
      expect(theirs).toEqual([])
    })
  })
})
