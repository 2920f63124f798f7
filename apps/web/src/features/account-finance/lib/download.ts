/**
 * Starts downloading a same-origin file (the API answers with Content-Disposition: attachment),
 * as a click on a plain link would: the page stays where it is.
 */
export function startDownload(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
