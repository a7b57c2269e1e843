/**
 * Presigned download URLs that the mock itself serves: the document id, the
 * file name and an expiry on the mock clock, signed with HMAC-SHA256 under a
 * key of this mock instance (every part of the URL that names the file, so
 * none can be changed). A URL whose time has passed, or whose signature does not
 * match, is refused; nothing else is needed to fetch it (no API key).
 */

/** Where the mock serves downloads, relative to its origin (and path prefix). */
export const DOWNLOAD_PATH = '/downloads';

/** What a download URL's signature covers. */
export interface SignedParts {
  documentId: string;
  /** The file name, as the URL's last path segment names it (decoded). */
  fileName: string;
  /** Epoch seconds on the mock clock. */
  expires: number;
}

/** Signs and checks download URLs. */
export class DownloadSigner {
  private readonly key: Promise<CryptoKey>;

  constructor() {
    const secret = crypto.getRandomValues(new Uint8Array(32));
    this.key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  /** The URL of a document's file, valid until `expiresAtMs`; `root` is the mock's origin and prefix. */
  async url(
    root: string,
    documentId: string,
    fileName: string,
    expiresAtMs: number,
  ): Promise<string> {
    const expires = Math.floor(expiresAtMs / 1000);
    const signature = await this.sign({ documentId, fileName, expires });
    const name = encodeURIComponent(fileName);
    return `${root}${DOWNLOAD_PATH}/${documentId}/${name}?expires=${expires}&signature=${signature}`;
  }

  /** Whether a URL's signature is this mock's for that document, file name and expiry. */
  async verify(link: SignedParts, signature: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(signature)) return false;
    const bytes = new Uint8Array(
      signature.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [],
    );
    return crypto.subtle.verify('HMAC', await this.key, bytes, this.message(link));
  }

  private async sign(link: SignedParts): Promise<string> {
    const mac = await crypto.subtle.sign('HMAC', await this.key, this.message(link));
    return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  private message({ documentId, expires, fileName }: SignedParts): Uint8Array<ArrayBuffer> {
    // The id (a UUID) and expiry hold no ":", so the name, last, cannot shift the parts.
    return new TextEncoder().encode(`${documentId}:${expires}:${fileName}`);
  }
}
