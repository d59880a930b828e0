/** Query parameters whose value is a credential: link tokens, refresh or access tokens, link signatures. */
const SECRET_PARAM = /^(token|[\w-]*_token|access[_-]?token|s|sig|signature)$/i;

/**
 * A request's path (and query, when given one) as the access log may keep it: a signed file link's token
 * (`/api/files/<token>`) and the value of any token or signature query parameter are replaced by `[redacted]`, so
 * whoever reads the logs cannot open the files or forms they name.
 */
export function redactPath(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/^(\/api\/files\/)[^/]+/i, '$1[redacted]');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: judged as written
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
