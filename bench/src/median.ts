/** The middle one of several runs of a measurement, in the order `compare` sorts them (the upper middle of an even count). */
export function middle<T>(runs: readonly T[], compare: (a: T, b: T) => number): T {
  if (runs.length === 0) throw new Error('no run to take the middle one of');
  return [...runs].sort(compare)[Math.floor(runs.length / 2)]!;
}
