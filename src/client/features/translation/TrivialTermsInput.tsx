import { TagsInput } from '@mantine/core';
import { useState } from 'react';
import {
  MAX_OWN_TERM_LENGTH,
  MAX_OWN_TERMS,
  MAX_WORDS,
  normalizeOwnTerm,
  ownTermProblem,
} from '../../../common/trivial-terms';

/**
 * The server's own short-chatter terms (issue 28): added to the built-in list of "Skip short
 * chatter". Each change saves the whole list; a term the server would refuse is named here and
 * nothing is saved. Disabled while the switch is off (the terms would have no effect).
 */
export function TrivialTermsInput({
  terms,
  disabled,
  onSave,
}: {
  terms: string[];
  disabled: boolean;
  onSave: (terms: string[]) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const change = (values: string[]) => {
    const next: string[] = [];
    for (const raw of values) {
      const term = normalizeOwnTerm(raw);
      const problem = ownTermProblem(term);
      if (problem) {
        setError(`"${raw}" ${problem}`);
        return;
      }
      if (!next.includes(term)) next.push(term);
    }
    setError(null);
    if (next.join('\n') !== terms.join('\n')) onSave(next);
  };
  return (
    <TagsInput
      label="Your server's own short chatter"
      description={`Words your members use for "ok" or laughter that the built-in list does not know, e.g. kekw, pog, órale. A message made only of these, built-in shorthands and laughter (${MAX_WORDS} words at most) is neither translated nor copied. Up to ${MAX_OWN_TERMS} single words of letters or digits, ${MAX_OWN_TERM_LENGTH} characters at most.`}
      placeholder={
        disabled ? 'Turn on "Skip short chatter" to use your own terms' : 'Type a word, then Enter'
      }
      value={terms}
      onChange={change}
      maxTags={MAX_OWN_TERMS}
      splitChars={[',', ' ']}
      clearable
      disabled={disabled}
      error={error}
      data-testid="trivial-terms"
    />
  );
}
