/**
 * Item names on narrow phones: a name may wrap between its words, but a number stays whole and on the
 * line of the word it belongs to ("ผงดาว 1980", "300 Jade", "1980星尘"). The name is cut into runs; a run marked
 * `keep` must not be broken.
 */

export interface NameRun {
  text: string;
  keep: boolean;
}

const hasDigit = (word: string) => /\p{Nd}/u.test(word);

/**
 * The runs of `name`: a number goes with the word before it (Thai and Vietnamese write "ผงดาว 1980"), or with the
 * word after it when it comes first ("300 Jade"); a word with digits in it ("1980星尘", "S1") is kept whole.
 */
export function nameRuns(name: string): NameRun[] {
  const parts = name.split(/(\s+)/);
  const words = parts.filter((_, i) => i % 2 === 0);
  // glued[k]: the space after word k joins it to word k + 1.
  const glued = words.map(() => false);
  words.forEach((word, k) => {
    if (!hasDigit(word)) return;
    if (k > 0 && words[k - 1] !== '') glued[k - 1] = true;
    else if (k + 1 < words.length && words[k + 1] !== '') glued[k] = true;
  });
  const runs: NameRun[] = [];
  const push = (text: string, keep: boolean) => {
    if (text === '') return;
    const last = runs.at(-1);
    if (last && last.keep === keep && !keep) last.text += text;
    else runs.push({ text, keep });
  };
  let group = '';
  let groupHasDigit = false;
  words.forEach((word, k) => {
    group += word;
    groupHasDigit ||= hasDigit(word);
    const space = parts[2 * k + 1] ?? '';
    if (glued[k]) {
      group += space;
      return;
    }
    push(group, groupHasDigit);
    push(space, false);
    group = '';
    groupHasDigit = false;
  });
  return runs;
}

/**
 * The same for plain text (a name inside a sentence): glued spaces become no-break spaces, and a word joiner keeps
 * a number to the letters it touches (Chinese text may otherwise break between "1980" and "星").
 */
export function unbrokenName(name: string): string {
  return nameRuns(name)
    .map((run) =>
      run.keep
        ? run.text
            .replace(/\s+/g, '\u00a0')
            .replace(/(\p{Nd})(?=[^\p{Nd}\s.,])|([^\p{Nd}\s.,+-])(?=\p{Nd})/gu, '$1$2\u2060')
        : run.text,
    )
    .join('');
}
