/**
 * Splits the takeover of a server-rendered page into several tasks, so a phone's main thread is never
 * blocked for long by it: the parts of the page wrapped in `HydrateLater` are taken over each in a task of its
 * own, just after the rest. Their markup stays on screen as the server sent it meanwhile (nothing is hidden or
 * drawn again); only their event handlers and effects start a few milliseconds later, and their links work as
 * plain links until then.
 *
 * It works through Preact's suspended hydration, which the player builds run on: a part that suspends while the
 * page is hydrated keeps its server DOM and is hydrated into it when it resumes. Hence the part must render one
 * element (the kept node). Anywhere else - the server's render, a page the browser renders itself, a later
 * navigation, the React test suites - the children render at once.
 */
import { Suspense, useEffect, useState, type ReactElement } from 'react';

/** True only while `hydrateFirstScreen` runs its synchronous first pass. */
let firstPass = false;
/** The parts the first pass left for later that are not taken over yet, and who waits for them. */
let waiting = 0;
/** The parts (by their `HydrateLater`'s token) the first pass left for later. */
const gatedParts = new Set<object>();
let settled: (() => void) | undefined;

function settle() {
  if (waiting > 0 || !settled) return;
  const done = settled;
  settled = undefined;
  done();
}

/**
 * Runs the first pass of a hydration (`hydrateRoot`); the parts wrapped in `HydrateLater` follow in later tasks.
 * `onTakenOver` runs once every part is taken over (their handlers attached, their effects run).
 */
export function hydrateFirstScreen(hydrate: () => void, onTakenOver?: () => void): void {
  firstPass = true;
  waiting = 0;
  gatedParts.clear();
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  settled = onTakenOver;
  // Nothing left for later: the page is the scripts' once the first pass's effects have run.
  setTimeout(settle, 0);
}

/** Resolves in a task of its own (a timer task: input and rendering may run before it). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Gate({ children, part }: { children: ReactElement; part: object }) {
  if (firstPass) {
    if (!gatedParts.has(part)) waiting += 1;
    gatedParts.add(part);
    throw nextTask();
  }
  return children;
}

/** Counts a part left for later as taken over once its effects (and its children's) have run. */
function Resumed({ children, part }: { children: ReactElement; part: object }) {
  useEffect(() => {
    if (!gatedParts.delete(part)) return;
    waiting -= 1;
    settle();
  }, [part]);
  return children;
}

/** Hydrates `children` (one element) in a task after the page's first pass; renders it at once everywhere else. */
export function HydrateLater({ children }: { children: ReactElement }) {
  const [part] = useState(() => ({}));
  return (
    <Suspense>
      <Gate part={part}>
        <Resumed part={part}>{children}</Resumed>
      </Gate>
    </Suspense>
  );
}
