/**
 * The media module's public file: what the rest of the API (staff uploads, the seed, app.ts) uses of it.
 * Everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { mediaRoutes } from './media.routes.ts';
export { readImageUpload } from './image-upload.ts';
export { storeMedia } from './media-store.ts';
export { registerUploadCall } from './upload-call.ts';
// The PNG and JPEG signatures, shared with the tickets' attachment checks; what a picture is (the demo seed's too).
export { imageInfo, isJpeg, isPng } from './image-check.ts';
