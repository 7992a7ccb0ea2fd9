// The public surface of modules/tasks: other parts of the server import only this file (eslint.config.js zones).
export { tasksRoutes } from './tasks.routes';
