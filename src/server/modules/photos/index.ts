// The public surface of modules/photos: other parts of the server import only this file (eslint.config.js zones).
export { photosRoutes } from './photos.routes';
export { MULTIPART_OVERHEAD, receiveUpload, uploadsDir, type ReceivedUpload } from './upload';
export { openPhotoFile } from './photos.service';
