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
import { Suspense, type ReactElement } from 'react';

/** True only while `hydrateFirstScreen` runs its synchronous first pass. */
let firstPass = false;

/** Runs the first pass of a hydration (`hydrateRoot`); the parts wrapped in `HydrateLater` follow in later tasks. */
export function hydrateFirstScreen(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
}

/** Resolves in a task of its own (a timer task: input and rendering may run before it). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function Gate({ children }: { children: ReactElement }) {
  if (firstPass) throw nextTask();
  return children;
}

/** Hydrates `children` (one element) in a task after the page's first pass; renders it at once everywhere else. */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
