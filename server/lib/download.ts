/**
 * The Content-Disposition of an .xlsx download (the data centre's and online development's
 * exports): `name` for clients that read RFC 5987 (a Chinese name arrives whole), `fallback` as the
 * plain ASCII name for those that read only `filename`. An empty name takes the fallback;
 * characters a file system refuses become _.
 */
export function attachment(name: string, fallback: string): string {
  const safe = `${name || fallback}.xlsx`.replace(/[\\/:*?"<>|\r\n]/g, '_');
  return `attachment; filename="${fallback}.xlsx"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
