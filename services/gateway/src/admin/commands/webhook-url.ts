import { AdminError } from '../errors';

/** An operator's webhook URL: any http(s) URL (the partner API's own SSRF checks are for partners' URLs). */
export function checkWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AdminError(`webhook URL "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new AdminError(`webhook URL must be http(s), got ${parsed.protocol}`);
  return parsed.toString();
}
