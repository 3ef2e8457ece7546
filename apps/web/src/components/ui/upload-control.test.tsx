import '../../testing/setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { UploadControl } from './upload-control'

const pdf = (name = 'proof.pdf', size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' })

function setup(upload: (file: File, onProgress: (p: number) => void) => Promise<void>) {
  const onUploaded = vi.fn()
  render(
    <UploadControl
      label="Proof of payment"
      hint="PDF, up to 1 KB"
      accept={['application/pdf']}
      maxBytes={1024}
      upload={upload}
      onUploaded={onUploaded}
    />,
  )
  return { onUploaded, input: screen.getByLabelText('Proof of payment') }
}

describe('the upload control', () => {
  it('shows progress while the file goes, then that it arrived', async () => {
    let report: (p: number) => void = () => {}
    let finish: () => void = () => {}
    const { onUploaded, input } = setup(
      (_file, onProgress) =>
        new Promise<void>((resolve) => {
          report = onProgress
          finish = resolve
        }),
    )
    await userEvent.upload(input, pdf())
    expect(await screen.findByText('Uploading proof.pdf … 0%')).toBeInTheDocument()
    report(40)
    expect(await screen.findByText('Uploading proof.pdf … 40%')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Uploading proof.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDisabled()
    finish()
    expect(await screen.findByText('proof.pdf uploaded.')).toBeInTheDocument()
    expect(onUploaded).toHaveBeenCalledOnce()
  })

  it('refuses a wrong type or a file too large before sending anything', async () => {
    const upload = vi.fn(async () => {})
    const { input } = setup(upload)
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt is not an accepted file type. PDF, up to 1 KB.',
    )
    await userEvent.upload(input, pdf('big.pdf', 2048))
    expect(await screen.findByRole('alert')).toHaveTextContent('big.pdf is 2 KB: too large. PDF, up to 1 KB.')
    expect(upload).not.toHaveBeenCalled()
  })

  it("shows the server's reason and keeps the file for another try", async () => {
    const upload = vi
      .fn<(file: File, onProgress: (p: number) => void) => Promise<void>>()
      .mockRejectedValueOnce(new Error('Proof of payment can only be added to an issued, unpaid statement'))
      .mockResolvedValueOnce()
    const { onUploaded, input } = setup(upload)
    await userEvent.upload(input, pdf())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Proof of payment can only be added to an issued, unpaid statement',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('proof.pdf uploaded.')).toBeInTheDocument()
    expect(upload).toHaveBeenCalledTimes(2)
    expect(upload.mock.calls[1][0].name).toBe('proof.pdf')
    expect(onUploaded).toHaveBeenCalledOnce()
  })
})
