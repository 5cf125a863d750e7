import { ApiProblem } from '@/lib/api/api-problem';

/** What the gateway's tokenisation endpoint answers. */
export interface CardToken {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  test_mode: boolean;
}

/**
 * Sends the card to the payment gateway (never to the order API) and gets a single-use token.
 * `url` comes from `GET /checkout/options` → `gateway.tokenize_url`.
 */
export async function tokenizeCard(
  url: string,
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(card),
      credentials: 'omit',
    });
  } catch (cause) {
    throw ApiProblem.network(cause);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw ApiProblem.fromBody(response.status, body);
  return body as CardToken;
}
