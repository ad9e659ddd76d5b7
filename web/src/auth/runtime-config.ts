/** What the deployment tells the browser about itself (`GET /config.json`, not under /api). */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  apiBase: string;
  stage: string;
  websocketUrl: string;
}

let pending: Promise<RuntimeConfig> | undefined;

/** Fetched once per page load; a failed fetch is forgotten so the next attempt asks again. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error('Unable to reach the server. Check your connection and try again.');
      return (await response.json()) as RuntimeConfig;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
