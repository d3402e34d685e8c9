/**
 * A strong one-time password for a new or reset account: 16 characters from letters and digits without the
 * ones people confuse when reading it out (0/O, 1/l/I), drawn with the browser's cryptographic random source,
 * always with a letter and a digit so it passes `staffPasswordRule`.
 */
const letters = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = '23456789';
const alphabet = letters + digits;

function pick(from: string, random: number): string {
  return from[random % from.length]!;
}

export function generateOneTimePassword(length = 16): string {
  const random = crypto.getRandomValues(new Uint32Array(length));
  const chars = Array.from(random, (n) => pick(alphabet, n));
  // Two fixed-kind positions, chosen at random too, guarantee the rule's letter and digit.
  const spots = crypto.getRandomValues(new Uint32Array(4));
  const letterAt = spots[0]! % length;
  let digitAt = spots[1]! % length;
  if (digitAt === letterAt) digitAt = (digitAt + 1) % length;
  chars[letterAt] = pick(letters, spots[2]!);
  chars[digitAt] = pick(digits, spots[3]!);
  return chars.join('');
}
