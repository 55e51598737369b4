import { ApiError } from '@caravanserai/api';

/** The spec's message for any failed query; the words below explain it. */
export const AI_FAILED = 'Error fetching response from AI.';

/** A failed query in words: what happened, what to check, and the raw reason for the details line. */
export interface FailureText {
  what: string;
  check: string | null;
  details: string | null;
}

interface ReasonRule {
  test: RegExp;
  what: (well: string) => string;
  check: string | null;
}

const RETRY_LATER = "Retry in a moment; if it keeps failing, look at the provider's status page.";

// The server words a provider's failure as 'HTTP <status>: <message>', 'The provider did not
// answer within N s.', 'Cannot connect to API: <cause>' (the SDK's), and so on; the first rule
// that matches explains it.
const REASON_RULES: readonly ReasonRule[] = [
  {
    test: /\bHTTP 40[13]\b/,
    what: (well) => `The provider refused the API key of ${well}.`,
    check:
      "Check the API key in the well's settings: it may be mistyped, revoked, or without access to this model.",
  },
  {
    test: /\bHTTP 404\b/,
    what: (well) => `The provider of ${well} found no such model or address.`,
    check: "Check the model name and the provider address in the well's settings.",
  },
  {
    test: /\bHTTP 429\b/,
    what: (well) =>
      `The provider of ${well} is limiting requests: too many at once, or the account's quota is used up.`,
    check: 'Wait a minute and retry; if it persists, check your plan and billing with the provider.',
  },
  {
    test: /did not answer within|timed? ?out/i,
    what: (well) => `The provider of ${well} did not answer in time.`,
    check: 'It may be overloaded: retry in a moment, or look at its status page.',
  },
  {
    test: /Cannot connect to API|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|fetch failed/i,
    what: (well) => `The server of ${well} could not be reached.`,
    check: "Check the provider address in the well's settings, and that its server is running.",
  },
  {
    test: /answer passed \d+ MB/,
    what: (well) => `The answer from ${well} passed this server's size limit and was dropped.`,
    check: 'Ask for a shorter answer, or split the question.',
  },
  {
    test: /stream ended early/i,
    what: (well) => `The connection to ${well} dropped before the answer ended.`,
    check: RETRY_LATER,
  },
  {
    test: /\bHTTP 5\d\d\b/,
    what: (well) => `The provider of ${well} had an error on its side.`,
    check: RETRY_LATER,
  },
  {
    test: /\bHTTP 4(00|13|22)\b/,
    what: (well) => `The provider of ${well} refused the request.`,
    check:
      "Check the model name in the well's settings. A long conversation can pass the model's limit: turn Memory off or start a new logbook.",
  },
];

function reasonOf(error: ApiError): string | null {
  const body = error.body as { reason?: unknown } | null;
  return body && typeof body.reason === 'string' ? body.reason : null;
}

/**
 * Says why a query failed, for a person: which well, what happened, what to check. `wellTitle`
 * names the logbook's well (null when it is not known).
 */
export function describeFailure(error: unknown, wellTitle: string | null): FailureText {
  const well = wellTitle ? `the well "${wellTitle}"` : 'the well';
  if (!(error instanceof ApiError)) {
    const details = error instanceof Error ? error.message : null;
    return {
      what: 'This server could not be reached.',
      check: 'Check your connection, then retry.',
      details,
    };
  }
  const firstField = Object.values(error.fields)[0]?.[0] ?? null;
  switch (error.code) {
    case 'provider_error': {
      const reason = reasonOf(error);
      const rule = reason === null ? undefined : REASON_RULES.find((r) => r.test.test(reason));
      if (rule) return { what: rule.what(well), check: rule.check, details: reason };
      return { what: `${capitalise(well)} could not answer.`, check: RETRY_LATER, details: reason };
    }
    case 'salted':
      return {
        what: 'This Logbook is salted: it takes no new entries.',
        check: null,
        details: error.detail ?? null,
      };
    case 'throttled':
      return {
        what: 'Too many requests to this server.',
        check: 'Wait a moment, then retry.',
        details: null,
      };
    case 'not_authenticated':
    case 'authentication_failed':
      return { what: 'You are signed out.', check: 'Log in again, then retry.', details: null };
    case 'not_found':
      return {
        what: 'This Logbook or its well no longer exists.',
        check: null,
        details: error.detail ?? null,
      };
    default:
      // Refusals with a message of their own (no well attached, a caravan's policy or quota).
      return { what: firstField ?? error.detail ?? error.message, check: null, details: null };
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
