import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from 'pdf-lib';

/** The text a PDF page shows (the strings of its text operators) and how many pictures it draws. */
export async function readPdf(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  let images = 0;
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFStream ? [contents] : (contents?.asArray().map((ref) => pdf.context.lookup(ref)) ?? []);
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of ops.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) text += `${match[1]?.replace(/\\(.)/g, '$1')}\n`;
    }
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const object = pdf.context.lookup(ref);
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images += 1;
    }
  }
  return { text, images };
}
