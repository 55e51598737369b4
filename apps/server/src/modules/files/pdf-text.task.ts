/** The most text sent of one PDF or text file: past it the rest is left out, and the text says so. */
export const PDF_TEXT_MAX_CHARS = 200_000;

export interface PdfTextTask {
  bytes: Uint8Array;
}

/**
 * The text of a PDF, page after page, for a model whose provider takes no PDFs (DESIGN 3a). Run on
 * a worker thread: reading a large PDF takes seconds of CPU. Empty when the PDF has no text layer
 * (a scan) or cannot be read.
 */
export async function pdfTextTask({ bytes }: PdfTextTask): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(document, { mergePages: false });
    const joined = text.join('\n\n').trim();
    return joined.length > PDF_TEXT_MAX_CHARS
      ? `${joined.slice(0, PDF_TEXT_MAX_CHARS)}\n[The rest of the document is left out.]`
      : joined;
  } catch {
    return '';
  }
}
