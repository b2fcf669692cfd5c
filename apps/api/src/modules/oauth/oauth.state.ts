import crypto from 'node:crypto';

const TTL_SECONDS = 10 * 60;

interface StatePayload {
  /** provider type */
  t: string;
  /** expiry, unix seconds */
  e: number;
  /** nonce */
  n: string;
  /** redirect_uri sent to the provider (the token exchange must repeat it) */
  r: string;
  /** the browser binding: sha256 (base64url) of a nonce only the initiating browser holds */
  b?: string;
}

/** The binding of a browser nonce, as the state carries it. */
export const bindingOf = (nonce: string) => crypto.createHash('sha256').update(nonce).digest('base64url');

/**
 * OAuth `state`: the provider, expiry and redirect URI, HMAC-signed with the server secret under a
 * purpose-specific key, so a state cannot be forged, reused for another provider, or kept past ten minutes.
 */
export class OAuthState {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('wenku oauth state v1').digest();
  }

  private sign(body: string): string {
    return crypto.createHmac('sha256', this.key).update(body).digest('base64url');
  }

  issue(type: string, redirectUri: string, binding?: string, now = Date.now()): string {
    const payload: StatePayload = {
      t: type,
      e: Math.floor(now / 1000) + TTL_SECONDS,
      n: crypto.randomBytes(9).toString('base64url'),
      r: redirectUri,
      ...(binding ? { b: binding } : {}),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The redirect URI, nonce and browser binding carried by a valid state for this provider, or null. */
  verify(state: string, type: string, now = Date.now()): { redirectUri: string; nonce: string; binding?: string } | null {
    const [body, sig] = state.split('.');
    if (!body || !sig) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    let p: StatePayload;
    try {
      p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    } catch {
      return null;
    }
    if (p.t !== type || typeof p.e !== 'number' || p.e * 1000 < now) return null;
    return { redirectUri: String(p.r ?? ''), nonce: String(p.n ?? ''), binding: typeof p.b === 'string' ? p.b : undefined };
  }
}
