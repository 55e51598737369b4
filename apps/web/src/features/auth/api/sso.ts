import { ApiError, SSO_BROWSER_KEY_ITEM, type SsoCallback } from '@caravanserai/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setToken } from '../../../lib/auth-storage';
import { currentUserKey } from './current-user';

/**
 * Starts a sign-in at the server's identity provider: keeps the attempt's browser key in this
 * tab (sessionStorage outlives the trip to the provider and back, and no other browser has it)
 * and gives the provider's address to send the browser to.
 */
export async function startSso(): Promise<string> {
  const { authorization_url, browser_key } = await api.sso.start();
  sessionStorage.setItem(SSO_BROWSER_KEY_ITEM, browser_key);
  return authorization_url;
}

export function useStartSso() {
  return useMutation({ mutationFn: startSso });
}

/** What the provider put in the callback page's address. */
export type ProviderAnswer = Omit<SsoCallback, 'browser_key'>;

/** The provider's answer as the callback page's query string carries it. */
export function providerAnswerOf(search: URLSearchParams): ProviderAnswer {
  const answer: ProviderAnswer = { state: search.get('state') ?? '' };
  for (const name of ['code', 'iss', 'error', 'error_description'] as const) {
    const value = search.get(name);
    if (value !== null) answer[name] = value;
  }
  return answer;
}

/**
 * Hands the provider's answer to the server with this tab's browser key (used once, then
 * forgotten) and keeps the sign-in token it answers, as a password login does.
 */
export async function finishSso(answer: ProviderAnswer): Promise<string> {
  const browserKey = sessionStorage.getItem(SSO_BROWSER_KEY_ITEM) ?? '';
  sessionStorage.removeItem(SSO_BROWSER_KEY_ITEM);
  const { key } = await api.sso.callback({ ...answer, browser_key: browserKey });
  setToken(key);
  return key;
}

export function useFinishSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSso,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** The server's refusal in words: its detail, or its first field's message. */
export function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The server could not be reached. Try again in a moment.';
  return error.detail ?? Object.values(error.fields)[0]?.[0] ?? error.message;
}
