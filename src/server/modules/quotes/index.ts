// The public surface of modules/quotes: other parts of the server import only this file (eslint.config.js zones).
export { portalQuotesRoutes, quotesCsvRoutes, quotesRoutes } from './quotes.routes';
export { contentHashOf, getQuote, readVersion } from './quote-read';
export { createQuote } from './quotes.service';
