/**
 * An export of the filtered queue to Excel: started with the queue's filters (`deskExportStart`), then checked
 * every `exportPollMs` (`deskExportCheck`) until the file is ready or failed. Polling stops when the agent leaves
 * the screen or starts another export.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestOf } from '@gp/contracts';
import type { deskExportStart } from '@gp/contracts/desk';
import { deskCalls } from './tickets.calls.ts';
import { staffUrl } from './staff-url.ts';

export const exportPollMs = 1_500;

export type ExportState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'pending'; rows: number | null }
  | { kind: 'done'; url: string; expiresAt: string | null; rows: number | null }
  /** The job itself failed on the server. */
  | { kind: 'failed' }
  /** A call was refused or got no answer. */
  | { kind: 'error'; error: unknown };

export function useExport(): { state: ExportState; start(filters: RequestOf<typeof deskExportStart>): void } {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  /** Each export's number; a timer or answer of an earlier one (or after leaving) is ignored. */
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      run.current += 1;
      clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback((filters: RequestOf<typeof deskExportStart>) => {
    const mine = ++run.current;
    clearTimeout(timer.current);
    setState({ kind: 'starting' });
    const poll = (taskId: string) => {
      timer.current = setTimeout(() => {
        deskCalls.checkExport({ task_id: taskId }).then(
          (answer) => {
            if (run.current !== mine) return;
            if (answer.status === 'pending') {
              setState({ kind: 'pending', rows: answer.rows });
              poll(taskId);
            } else if (answer.status === 'done' && answer.download_url) {
              setState({
                kind: 'done',
                url: staffUrl(answer.download_url),
                expiresAt: answer.expires_at,
                rows: answer.rows,
              });
            } else {
              setState({ kind: 'failed' });
            }
          },
          (error: unknown) => {
            if (run.current === mine) setState({ kind: 'error', error });
          },
        );
      }, exportPollMs);
    };
    deskCalls.startExport(filters).then(
      ({ task_id }) => {
        if (run.current !== mine) return;
        setState({ kind: 'pending', rows: null });
        poll(task_id);
      },
      (error: unknown) => {
        if (run.current === mine) setState({ kind: 'error', error });
      },
    );
  }, []);

  return { state, start };
}
