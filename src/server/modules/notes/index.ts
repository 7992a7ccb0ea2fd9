// The public surface of modules/notes: other parts of the server import only this file (eslint.config.js zones).
export { notesRoutes } from './notes.routes';
