import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';

// The one pdfmake of the server (invoices and visit reports), with its Roboto
// fonts embedded (their text can be copied and parsed back). A document can never fetch
// anything: no URL at all, and on disk only the font files. Images go in as data URLs.

const fontFolder = path.dirname(createRequire(import.meta.url).resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
const font = (file: string) => path.join(fontFolder, file);

pdfmake.setFonts({
  Roboto: {
    normal: font('Roboto-Regular.ttf'),
    bold: font('Roboto-Medium.ttf'),
    italics: font('Roboto-Italic.ttf'),
    bolditalics: font('Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(`${fontFolder}${path.sep}`));

export { pdfmake };
