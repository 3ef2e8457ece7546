import { parentPort } from 'node:worker_threads'
import { type CentreForPdf, renderStatementPdf, type StatementForPdf } from './render-statement-pdf.ts'

/**
 * A worker thread that renders statement PDFs for statement-pdfs.ts, one message at a time:
 * `{ id, statement, centre }` in, `{ id, bytes }` or `{ id, error }` out. pdfkit lives only here,
 * so its heap goes back to the system when the gateway ends the thread (decision 042).
 */
parentPort?.on('message', async (job: { id: number; statement: StatementForPdf; centre: CentreForPdf }) => {
  try {
    const bytes = await renderStatementPdf(job.statement, job.centre)
    parentPort?.postMessage({ id: job.id, bytes }, [bytes.buffer as ArrayBuffer])
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) })
  }
})
