/**
 * The mock's hints: a sentence beside a refusal's exact `error` that says how to fix the call.
 * Each is written once here.
 */
export const hints = {
  /** After `Invalid cell number`. */
  invalidCell: (given: string) =>
    `Expected a cell number in international form with its country code and no "+" or spaces, such as 27821234567; got "${given}".`,
  /** After `Insufficient balance`. */
  insufficientBalance: (cost: number, balance: number) =>
    `This request costs ${formatCredits(cost)} ${cost === 1 ? 'credit' : 'credits'} and the organisation's balance is ${formatCredits(balance)}; add credits (in the mock: POST /__mock/reset with a seed document giving the organisation more \`credits\`) or start the mock with billing off.`,
  /** After an unknown query parameter. */
  unknownQuery: (unknown: string[], known: string[], suggestions: Map<string, string>) => {
    const guesses = unknown.flatMap((name) => {
      const guess = suggestions.get(name);
      return guess ? [`${name} → ${guess}`] : [];
    });
    const takes =
      known.length > 0
        ? `This endpoint takes: ${known.join(', ')}.`
        : 'This endpoint takes no query parameters.';
    return guesses.length > 0 ? `Did you mean ${guesses.join(', ')}? ${takes}` : takes;
  },
} as const;

function formatCredits(credits: number): string {
  return String(Math.round(credits * 1e6) / 1e6);
}
