/** Rules are edited as text, one per line (the create dialog and the settings); blank lines are dropped. */
export const rulesFromText = (text: string): string[] =>
  text
    .split('\n')
    .map((rule) => rule.trim())
    .filter(Boolean);

export const rulesToText = (rules: readonly string[]): string => rules.join('\n');
