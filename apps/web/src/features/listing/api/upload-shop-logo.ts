import { useMutation } from '@tanstack/react-query'
import { storageFileName, uploadWithProgress } from '../../../lib/upload-with-progress'

/** What the shop-logos bucket takes (migration 20261121000003). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const
export const LOGO_MAX_BYTES = 2 * 1024 * 1024

/** Uploads a new logo into the shop's own folder of the public shop-logos bucket (the storage policies decide). */
export async function uploadShopLogo(input: {
  shopId: string
  file: File
  onProgress?: (percent: number) => void
}): Promise<{ path: string }> {
  const path = `${input.shopId}/${storageFileName(input.file.name)}`
  return uploadWithProgress({ bucket: 'shop-logos', path, file: input.file, onProgress: input.onProgress })
}

export function useUploadShopLogo() {
  return useMutation({ mutationFn: uploadShopLogo })
}
