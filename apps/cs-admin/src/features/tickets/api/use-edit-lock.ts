/**
 * The editing lock of one ticket as the reply editor holds it (contract: `deskTicketLock`): taken when the agent
 * opens the editor, renewed while they type (at most every `deskPolicy.lockRenewEveryMs`), given back when they
 * cancel or leave. The server lets it lapse `deskPolicy.lockIdleMs` after the last renewal; the editor says so
 * at the same moment instead of finding out at send time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { deskPolicy, type LockHolderData } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { deskCalls } from './tickets.calls.ts';
import { giveLockBackOnUnload } from './give-lock-back-on-unload.ts';
import { isCode, lockHolderOf } from '../model/desk-errors.ts';

export type LockState =
  /** Not held by this agent (nobody's known, or given back). */
  | { kind: 'free' }
  | { kind: 'taking' }
  | { kind: 'held'; expiresAt: string }
  /** Another agent holds it (-40001). */
  | { kind: 'other'; holder: LockHolderData }
  /** This agent's lock ran out (idle, or -40003 on renewal): someone may have answered meanwhile. */
  | { kind: 'lapsed' }
  | { kind: 'failed'; error: unknown };

export interface EditLock {
  state: LockState;
  /** Takes the lock unless held or being taken (opening the editor). */
  take(): void;
  /** The agent typed: renews a held lock when the last renewal is old enough. */
  touch(): void;
  /** Gives a held lock back (cancel). */
  release(): void;
  /** The server ended the lock itself (a reply ends the replier's lock). */
  ended(): void;
  /** Another agent's lock learned from elsewhere (a refused reply). */
  heldBy(holder: LockHolderData): void;
}

/**
 * `loaded`: the live lock the ticket's detail named when it was loaded. Another agent's shows as theirs; the
 * agent's own (a reload while holding it) is simply still held.
 */
export function useEditLock(
  workOrderId: number,
  loaded: LockHolderData | null,
  ownStaffId: number,
): EditLock {
  const ownAtLoad = loaded !== null && loaded.staff_id === ownStaffId;
  const [state, setState] = useState<LockState>(() =>
    loaded === null
      ? { kind: 'free' }
      : ownAtLoad
        ? { kind: 'held', expiresAt: loaded.expires_at }
        : { kind: 'other', holder: loaded },
  );
  const held = useRef(ownAtLoad);
  const busy = useRef(false);
  /** When the lock was last taken or renewed, on this browser's clock (the idle timer counts from it). */
  const renewedAt = useRef(ownAtLoad ? Date.parse(loaded.expires_at) - deskPolicy.lockIdleMs : 0);
  /** False once the editor is gone: a lock granted after that is given straight back. */
  const mounted = useRef(true);

  const failWith = useCallback((error: unknown) => {
    held.current = false;
    const holder = lockHolderOf(error);
    if (holder) setState({ kind: 'other', holder });
    else if (isCode(error, codes.staffEditLockExpired)) setState({ kind: 'lapsed' });
    else setState({ kind: 'failed', error });
  }, []);

  const request = useCallback(
    (renew: 0 | 1) => {
      if (busy.current) return;
      busy.current = true;
      if (renew === 0) setState({ kind: 'taking' });
      deskCalls
        .lock({ work_order_id: workOrderId, renew })
        .then(
          (lock) => {
            if (!mounted.current) {
              deskCalls.unlock({ work_order_id: workOrderId }).catch(() => undefined);
              return;
            }
            held.current = true;
            renewedAt.current = Date.now();
            setState({ kind: 'held', expiresAt: lock.expires_at });
          },
          (error: unknown) => failWith(error),
        )
        .finally(() => {
          busy.current = false;
        });
    },
    [workOrderId, failWith],
  );

  const take = useCallback(() => {
    if (!held.current) request(0);
  }, [request]);

  const touch = useCallback(() => {
    if (held.current && Date.now() - renewedAt.current >= deskPolicy.lockRenewEveryMs) request(1);
  }, [request]);

  const release = useCallback(() => {
    if (!held.current) return;
    held.current = false;
    setState({ kind: 'free' });
    deskCalls.unlock({ work_order_id: workOrderId }).catch(() => undefined); // it lapses by itself if this is lost
  }, [workOrderId]);

  const ended = useCallback(() => {
    held.current = false;
    setState({ kind: 'free' });
  }, []);

  const heldBy = useCallback((holder: LockHolderData) => {
    held.current = false;
    setState({ kind: 'other', holder });
  }, []);

  // Idle for the lock's whole life: the server has let it lapse, so say so now.
  const expiresAt = state.kind === 'held' ? state.expiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const left = renewedAt.current + deskPolicy.lockIdleMs - Date.now();
    const timer = setTimeout(
      () => {
        held.current = false;
        setState({ kind: 'lapsed' });
      },
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // Leaving the ticket (another screen, another ticket, tab closed) gives the lock back.
  useEffect(() => {
    mounted.current = true;
    const onPageHide = () => {
      if (!held.current) return;
      held.current = false;
      giveLockBackOnUnload(workOrderId);
      // Shown if the page comes back from the back-forward cache: the agent takes it again by typing.
      setState({ kind: 'free' });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      mounted.current = false;
      window.removeEventListener('pagehide', onPageHide);
      if (held.current) {
        held.current = false;
        deskCalls.unlock({ work_order_id: workOrderId }).catch(() => undefined);
      }
    };
  }, [workOrderId]);

  return { state, take, touch, release, ended, heldBy };
}
