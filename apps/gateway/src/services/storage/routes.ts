import { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { bearerCaller, type StorageEnv } from './caller.ts'
import { copyObject } from './copy-object.ts'
import { createBucket } from './create-bucket.ts'
import { createSignedUploadUrl } from './create-signed-upload-url.ts'
import { createSignedUrl } from './create-signed-url.ts'
import { createSignedUrls } from './create-signed-urls.ts'
import { deleteBucket } from './delete-bucket.ts'
import { downloadObject } from './download-object.ts'
import { downloadPublicObject } from './download-public-object.ts'
import { downloadSignedObject } from './download-signed-object.ts'
import { emptyBucket } from './empty-bucket.ts'
import { ERRORS, renderStorageError } from './errors.ts'
import { getBucket } from './get-bucket.ts'
import { getObjectInfo, getPublicObjectInfo } from './get-object-info.ts'
import { listBuckets } from './list-buckets.ts'
import { listObjects } from './list-objects.ts'
import { listObjectsV2 } from './list-objects-v2.ts'
import { moveObject } from './move-object.ts'
import { removeObjects } from './remove-objects.ts'
import { updateBucket } from './update-bucket.ts'
import { uploadObject } from './upload-object.ts'
import { uploadToSignedUrl } from './upload-to-signed-url.ts'

/**
 * /storage/v1 — the supabase/storage protocol (docs/protocol/storage.md §4). Open without an apikey
 * (§1.2). Two scopes: routes where a public bucket or a signed token is the permission, and routes
 * that act as the bearer, where RLS on storage.* decides. Specific paths come before the
 * catch-all object paths, which they would otherwise match.
 */
export function createStorageRoutes(deps: Deps): Hono<StorageEnv> {
  const app = new Hono<StorageEnv>()
  app.onError(renderStorageError(deps.logger))

  // Permission from a public bucket or a signed token; no caller.
  app.get('/object/public/*', downloadPublicObject(deps))
  app.get('/object/info/public/*', getPublicObjectInfo(deps))
  app.get('/object/sign/*', downloadSignedObject(deps))
  app.put('/object/upload/sign/*', uploadToSignedUrl(deps))
  // Image transformation is optional (docs/protocol/storage.md, refused): transform URLs serve the original.
  app.get('/render/image/public/*', downloadPublicObject(deps))
  app.get('/render/image/sign/*', downloadSignedObject(deps))

  // As the bearer (user JWT, anon key or service key).
  const asBearer = bearerCaller(deps)
  app.get('/bucket', asBearer, listBuckets(deps))
  app.get('/bucket/:id', asBearer, getBucket(deps))
  app.post('/bucket', asBearer, createBucket(deps))
  app.put('/bucket/:id', asBearer, updateBucket(deps))
  app.post('/bucket/:id/empty', asBearer, emptyBucket(deps))
  app.delete('/bucket/:id', asBearer, deleteBucket(deps))

  app.post('/object/list/*', asBearer, listObjects(deps))
  app.post('/object/list-v2/*', asBearer, listObjectsV2(deps))
  app.post('/object/move', asBearer, moveObject(deps))
  app.post('/object/copy', asBearer, copyObject(deps))
  app.post('/object/upload/sign/*', asBearer, createSignedUploadUrl(deps))
  app.post('/object/sign/:bucket', asBearer, createSignedUrls(deps))
  app.post('/object/sign/*', asBearer, createSignedUrl(deps))
  app.get('/object/info/authenticated/*', asBearer, getObjectInfo(deps))
  app.get('/object/info/*', asBearer, getObjectInfo(deps))
  app.get('/object/authenticated/*', asBearer, downloadObject(deps))
  app.get('/render/image/authenticated/*', asBearer, downloadObject(deps))
  app.delete('/object/:bucket', asBearer, removeObjects(deps))
  app.get('/object/*', asBearer, downloadObject(deps))
  app.post('/object/*', asBearer, uploadObject(deps))
  app.put('/object/*', asBearer, uploadObject(deps))

  app.all('*', () => {
    throw ERRORS.RouteNotFound()
  })
  return app
}
