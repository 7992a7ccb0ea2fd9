// The public surface of modules/quotes: other parts of the server import only this file (eslint.config.js zones).
export { portalQuotesRoutes, quotesCsvRoutes, quotesRoutes } from './quotes.routes';
export { getQuote } from './quote-read';
