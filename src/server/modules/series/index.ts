// The public surface of modules/series: other parts of the server import only this file (eslint.config.js zones).
export { seriesRoutes } from './series.routes';
export { horizonFrom, lockSeries, makeOccurrences } from './series.service';
export { checkRule } from './recurrence';
