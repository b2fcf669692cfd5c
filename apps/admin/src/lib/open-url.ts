import { apiUrl } from './api';

/**
 * Download a file whose (signed, short-lived) URL comes from an API call. A hidden link is clicked, so no
 * blank tab is left behind and popup blockers do not interfere; the server answers with
 * Content-Disposition: attachment.
 */
export async function downloadFrom(load: () => Promise<string>): Promise<void> {
  const url = apiUrl(await load());
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
